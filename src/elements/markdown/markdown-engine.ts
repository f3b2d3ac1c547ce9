// What <mcp-markdown> loads at the first markdown shown: marked and DOMPurify.
export { MarkdownBlocks } from './markdown-blocks.js';
export { renderMarkdown } from './render-markdown.js';
