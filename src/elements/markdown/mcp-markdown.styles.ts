import { css } from 'lit';
import { tokens } from '../shared/tokens.js';
import { tipStyles } from '../shared/tooltip.styles.js';

/** Styles of `<mcp-markdown>`. */
export const markdownStyles = [
  tokens,
  css`
    :host {
      display: block;
      /* Set on this element or any ancestor (also outside shadow roots, e.g. on mcp-chat). */
      --_code-bg: var(--mcp-markdown-code-bg, var(--_mcp-color-surface));
      line-height: 1.5;
      overflow-wrap: anywhere;
    }
    .body > :first-child > :first-child { margin-top: 0; }
    .body > :last-child > :last-child { margin-bottom: 0; }
    .more:focus { outline: none; }
    /* The pieces drawn by "Show all" (megabytes of them), in groups: only the groups near the view are laid out and painted, and the browser checks groups, not pieces, each frame. */
    .more > .group { content-visibility: auto; contain-intrinsic-size: auto 20000px; }
    .show-all {
      margin-top: 0.5em; padding: 4px 10px; font: inherit; font-size: 0.875em; cursor: pointer;
      color: var(--_mcp-color-accent); background: transparent;
      border: 1px solid var(--_mcp-color-border); border-radius: var(--_mcp-radius, 6px);
    }
    .show-all:focus-visible { outline: 2px solid var(--_mcp-color-accent); outline-offset: 2px; }
    p, ul, ol, blockquote, .table, h1, h2, h3, h4, h5, h6 { margin: 0.5em 0; }
    .code { margin: 0.75em 0; }
    h1 { font-size: 1.4em; } h2 { font-size: 1.25em; } h3 { font-size: 1.1em; }
    a { color: var(--mcp-markdown-link, var(--_mcp-color-accent)); }
    img { max-width: 100%; }
    pre { font-family: var(--_mcp-font-mono); }
    code {
      font-family: var(--_mcp-font-mono);
      font-size: 0.9em;
      background: var(--_code-bg);
      border-radius: 3px;
      padding: 0.1em 0.3em;
    }
    /* Code blocks: a header row (language, copy), then the code, left to right in any direction; long lines scroll inside. */
    .code {
      background: var(--_code-bg);
      border: 1px solid var(--_mcp-color-border);
      border-radius: var(--_mcp-radius);
      overflow: hidden;
      min-width: 0;
    }
    .code-header {
      display: flex;
      align-items: center;
      justify-content: space-between;
      gap: var(--_mcp-space);
      min-height: 32px;
      padding-inline: 12px 4px;
      background: var(--mcp-markdown-code-header-bg, color-mix(in srgb, var(--_mcp-color-fg) 4%, var(--_code-bg)));
      border-bottom: 1px solid var(--_mcp-color-border);
      color: var(--_mcp-color-muted);
      font-size: 0.8em;
      line-height: 1.2;
    }
    .code-language { font-family: var(--_mcp-font-mono); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    pre {
      margin: 0;
      padding: 12px;
      overflow-x: auto;
      text-align: left;
      font-size: 0.9em;
      line-height: 1.5;
      tab-size: 2;
    }
    pre code { background: none; padding: 0; font-size: inherit; border-radius: 0; }
    .copy {
      position: relative;
      display: inline-flex;
      align-items: center;
      gap: 4px;
      flex: none;
      font: inherit;
      color: inherit;
      background: none;
      border: 0;
      border-radius: 6px;
      padding: 4px 8px;
      min-height: 28px;
      cursor: pointer;
    }
    .copy:hover { background: color-mix(in srgb, var(--_mcp-color-fg) 8%, transparent); color: var(--_mcp-color-fg); }
    .copy[data-state='copied'] { color: var(--_mcp-color-success); }
    .copy[data-state='failed'] { color: var(--_mcp-color-danger); }
    .copy .icon { width: 14px; height: 14px; flex: none; }
    .copy::after {
      ${tipStyles}
      z-index: 1;
    }
    .copy:hover::after, .copy:focus-visible::after { opacity: 1; transition-delay: 400ms; }
    @media (pointer: coarse) {
      .copy { min-height: 44px; }
      .copy::after { display: none; }
    }
    @media (prefers-reduced-motion: reduce) {
      .copy::after { transition: none; }
    }
    /* Syntax colours (tokens of highlight.ts). Each hue is mixed with the text colour, so one default fits light, dark and themed surfaces. */
    .hljs-keyword, .hljs-selector-tag, .hljs-doctag, .hljs-variable.language_, .hljs-meta .hljs-keyword { color: var(--mcp-code-keyword, color-mix(in oklab, var(--_mcp-color-fg) 30%, #d1242f)); }
    .hljs-string, .hljs-regexp, .hljs-meta .hljs-string, .hljs-char.escape_ { color: var(--mcp-code-string, color-mix(in oklab, var(--_mcp-color-fg) 40%, #0a69da)); }
    .hljs-number, .hljs-literal, .hljs-symbol, .hljs-bullet { color: var(--mcp-code-number, color-mix(in oklab, var(--_mcp-color-fg) 35%, #0a7ea4)); }
    .hljs-comment, .hljs-quote { color: var(--mcp-code-comment, var(--_mcp-color-muted)); }
    .hljs-title, .hljs-title.function_, .hljs-section { color: var(--mcp-code-function, color-mix(in oklab, var(--_mcp-color-fg) 30%, #8250df)); }
    .hljs-type, .hljs-built_in, .hljs-title.class_, .hljs-meta { color: var(--mcp-code-type, color-mix(in oklab, var(--_mcp-color-fg) 30%, #b35900)); }
    .hljs-attr, .hljs-attribute, .hljs-property, .hljs-params .hljs-attr, .hljs-template-variable { color: var(--mcp-code-attribute, color-mix(in oklab, var(--_mcp-color-fg) 35%, #0550ae)); }
    .hljs-name, .hljs-tag, .hljs-selector-id, .hljs-selector-class, .hljs-selector-attr, .hljs-selector-pseudo { color: var(--mcp-code-tag, color-mix(in oklab, var(--_mcp-color-fg) 35%, #1a7f37)); }
    .hljs-deletion { color: var(--_mcp-color-danger); }
    .hljs-addition { color: var(--_mcp-color-success); }
    .copy:focus-visible, pre:focus-visible, a:focus-visible { outline: 2px solid var(--_mcp-color-accent); outline-offset: 2px; }
    .live { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
    .table { overflow-x: auto; }
    table { border-collapse: collapse; }
    th, td { border: 1px solid var(--_mcp-color-border); padding: 4px 8px; text-align: start; }
    th { background: var(--_mcp-color-surface); }
    blockquote { border-inline-start: 3px solid var(--_mcp-color-border); padding-inline-start: 0.75em; color: var(--_mcp-color-muted); margin-inline-start: 0; }
    /* Text past the parser's bounds, and raw HTML, shown as written. */
    .plain { white-space: pre-wrap; overflow-wrap: anywhere; }
  `,
];
