import { css } from 'lit';
import { tokens } from '../shared/tokens.js';

/** Styles of `<mcp-markdown>`. */
export const markdownStyles = [
  tokens,
  css`
    :host {
      display: block;
      --mcp-markdown-code-bg: var(--_mcp-color-surface);
      --mcp-markdown-link: var(--_mcp-color-accent);
      line-height: 1.5;
      overflow-wrap: anywhere;
    }
    .body > :first-child > :first-child { margin-top: 0; }
    .body > :last-child > :last-child { margin-bottom: 0; }
    p, ul, ol, blockquote, .code, .table, h1, h2, h3, h4, h5, h6 { margin: 0.5em 0; }
    h1 { font-size: 1.4em; } h2 { font-size: 1.25em; } h3 { font-size: 1.1em; }
    a { color: var(--mcp-markdown-link); }
    img { max-width: 100%; }
    code {
      font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
      font-size: 0.9em;
      background: var(--mcp-markdown-code-bg);
      border-radius: 3px;
      padding: 0.1em 0.3em;
    }
    .code { position: relative; }
    pre {
      margin: 0;
      background: var(--mcp-markdown-code-bg);
      border: 1px solid var(--_mcp-color-border);
      border-radius: var(--_mcp-radius);
      padding: calc(var(--_mcp-space) * 1.25);
      padding-right: 4.5em;
      overflow-x: auto;
    }
    pre code { background: none; padding: 0; }
    .copy {
      position: absolute;
      top: 4px;
      right: 4px;
      font: inherit;
      font-size: 0.8em;
      color: var(--_mcp-color-fg);
      background: var(--_mcp-color-bg);
      border: 1px solid var(--_mcp-color-border);
      border-radius: var(--_mcp-radius);
      padding: 2px 8px;
      cursor: pointer;
    }
    .copy:focus-visible, pre:focus-visible, a:focus-visible { outline: 2px solid var(--_mcp-color-accent); outline-offset: 2px; }
    .table { overflow-x: auto; }
    table { border-collapse: collapse; }
    th, td { border: 1px solid var(--_mcp-color-border); padding: 4px 8px; text-align: left; }
    th { background: var(--_mcp-color-surface); }
    blockquote { border-left: 3px solid var(--_mcp-color-border); padding-left: 0.75em; color: var(--_mcp-color-muted); margin-left: 0; }
    /* Text past the parser's bounds, and raw HTML, shown as written. */
    .plain { white-space: pre-wrap; overflow-wrap: anywhere; }
  `,
];
