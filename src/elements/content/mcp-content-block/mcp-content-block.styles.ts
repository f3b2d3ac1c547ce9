import { css } from 'lit';
import { tokens } from '../../shared/tokens.js';
import { contentHostStyles } from '../content-host.styles.js';

/** Styles of `<mcp-content-block>`. */
export const contentBlockStyles = [
  tokens,
  contentHostStyles,
  css`
    button {
      font: inherit;
      color: inherit;
    }
    .image-button {
      display: inline-block;
      padding: 0;
      border: 1px solid var(--_mcp-color-border);
      border-radius: var(--_mcp-radius);
      background: none;
      cursor: zoom-in;
      line-height: 0;
      max-width: 100%;
    }
    .image-button img {
      max-width: min(100%, var(--mcp-content-image-max-width, 360px));
      max-height: 320px;
      border-radius: var(--_mcp-radius);
    }
    dialog {
      padding: var(--_mcp-space);
      border: 1px solid var(--_mcp-color-border);
      border-radius: var(--_mcp-radius);
      background: var(--_mcp-color-bg);
      color: var(--_mcp-color-fg);
      max-width: 95vw;
      max-height: 95vh;
    }
    dialog::backdrop { background: rgb(0 0 0 / 0.6); }
    dialog img { display: block; max-width: 90vw; max-height: 85vh; }
    .dialog-bar { display: flex; justify-content: flex-end; margin-bottom: var(--_mcp-space); }
    .resource-link {
      display: flex;
      flex-direction: column;
      align-items: flex-start;
      gap: 2px;
      text-align: left;
      width: 100%;
      border: 1px solid var(--_mcp-color-border);
      border-radius: var(--_mcp-radius);
      background: var(--_mcp-color-surface);
      padding: var(--_mcp-space);
      cursor: pointer;
    }
    .resource-link:hover { border-color: var(--_mcp-color-accent); }
    .uri, .meta { font-size: 0.85em; color: var(--_mcp-color-muted); overflow-wrap: anywhere; }
    .resource {
      margin: 0;
      border: 1px solid var(--_mcp-color-border);
      border-radius: var(--_mcp-radius);
      overflow: hidden;
    }
    .resource figcaption {
      display: flex;
      justify-content: space-between;
      gap: var(--_mcp-space);
      align-items: center;
      padding: 4px var(--_mcp-space);
      background: var(--_mcp-color-surface);
    }
    .resource pre, .unknown {
      margin: 0;
      padding: var(--_mcp-space);
      max-height: 320px;
      overflow: auto;
      font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
      font-size: 0.9em;
      white-space: pre-wrap;
    }
    .resource mcp-markdown { padding: var(--_mcp-space); }
    .small-button {
      border: 1px solid var(--_mcp-color-border);
      border-radius: var(--_mcp-radius);
      background: var(--_mcp-color-bg);
      padding: 2px 8px;
      cursor: pointer;
    }
    button:focus-visible { outline: 2px solid var(--_mcp-color-accent); outline-offset: 2px; }
    audio { max-width: 100%; }
    .preview { display: block; max-width: 100%; }
  `,
];
