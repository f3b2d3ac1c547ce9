// A framework's server render (Next.js, Nuxt, SvelteKit): importing every
// entry of the package in Node must not throw, and React renders the tags.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';

const entries = ['', '/content', '/mcp', '/providers', '/history', '/agent', '/elements', '/events', '/react', '/internal'];
for (const entry of entries) {
  const module = await import(`mcp-web-elements${entry}`);
  if (Object.keys(module).length === 0) throw new Error(`mcp-web-elements${entry} exports nothing`);
}
const { McpChat } = await import('mcp-web-elements/react');
const html = renderToString(
  createElement(McpChat, { server: 'http://127.0.0.1:3001/mcp', servers: [{ url: 'http://127.0.0.1:3001/mcp' }] }),
);
console.log(`imported ${entries.length} entries; rendered ${html}`);
