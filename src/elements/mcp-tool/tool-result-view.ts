import { html, nothing } from 'lit';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { formatValue, repeatsValue } from '../content/mcp-tool-card/tool-call-format.js';

/**
 * A tool's result as `<mcp-tool>` shows it, the way the chat's tool card does:
 * its content blocks through `<mcp-content-block>` (text as text, images,
 * audio, resource links), a text block that only repeats `structuredContent`
 * left out, and `structuredContent` once, as rows of name and value. The
 * renderer element is loaded by the block before the first result is drawn.
 */
export function renderToolResult(result: CallToolResult, theme?: 'light' | 'dark') {
  const structured = result.structuredContent;
  const blocks = structured === undefined ? result.content : result.content.filter((b) => !repeatsValue(b, structured));
  return html`<div part="result" class="result ${result.isError ? 'failed' : ''}" role="region" aria-label="Result" tabindex="-1">
    ${result.isError ? html`<p class="error-note">The tool reported an error.</p>` : nothing}
    ${blocks.map((block) => html`<mcp-content-block theme=${theme ?? nothing} breaks .block=${block}></mcp-content-block>`)}
    ${structured !== undefined ? formatValue(structured, 'structured', 'None') : nothing}
  </div>`;
}
