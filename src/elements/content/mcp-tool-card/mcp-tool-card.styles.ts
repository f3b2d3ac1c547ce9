import { css } from 'lit';
import { tokens } from '../../shared/tokens.js';
import { contentHostStyles } from '../content-host.styles.js';

/** Styles of `<mcp-tool-card>`. */
export const toolCardStyles = [
  tokens,
  contentHostStyles,
  css`
    :host {
      --mcp-tool-card-bg: var(--_mcp-color-surface);
      --mcp-tool-card-border: var(--_mcp-color-border);
    }
    .card {
      border: 1px solid var(--mcp-tool-card-border);
      border-radius: var(--_mcp-radius);
      background: var(--mcp-tool-card-bg);
      overflow: hidden;
    }
    .card.error { border-color: var(--_mcp-color-danger); }
    summary {
      display: flex;
      gap: var(--_mcp-space);
      align-items: baseline;
      padding: 6px var(--_mcp-space);
      cursor: pointer;
      list-style-position: inside;
    }
    summary:focus-visible, button:focus-visible { outline: 2px solid var(--_mcp-color-accent); outline-offset: -2px; }
    .name { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-weight: 600; }
    .server { color: var(--_mcp-color-muted); font-size: 0.85em; }
    .status { margin-left: auto; font-size: 0.85em; color: var(--_mcp-color-muted); }
    .card.error .status { color: var(--_mcp-color-danger); font-weight: 600; }
    .section { padding: 0 var(--_mcp-space) var(--_mcp-space); }
    .label { margin: 4px 0; font-size: 0.8em; text-transform: uppercase; letter-spacing: 0.04em; color: var(--_mcp-color-muted); }
    pre {
      margin: 0;
      padding: var(--_mcp-space);
      background: var(--_mcp-color-bg);
      border: 1px solid var(--_mcp-color-border);
      border-radius: var(--_mcp-radius);
      font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
      font-size: 0.85em;
      max-height: 320px;
      overflow: auto;
      white-space: pre-wrap;
    }
    .result { display: flex; flex-direction: column; gap: var(--_mcp-space); }
    .error-note { color: var(--_mcp-color-danger); font-weight: 600; margin: 0; }
    .live { display: flex; flex-wrap: wrap; align-items: center; gap: var(--_mcp-space); padding: 0 var(--_mcp-space); }
    .live:not(:empty) { padding-bottom: var(--_mcp-space); }
    progress { flex: 1; min-width: 120px; accent-color: var(--_mcp-color-accent); }
    .progress-message { font-size: 0.85em; color: var(--_mcp-color-muted); }
    button {
      font: inherit;
      border-radius: var(--_mcp-radius);
      border: 1px solid var(--_mcp-color-border);
      background: var(--_mcp-color-bg);
      color: var(--_mcp-color-fg);
      padding: 4px 12px;
      cursor: pointer;
    }
    .approve { background: var(--_mcp-color-accent); color: var(--_mcp-color-accent-fg); border-color: var(--_mcp-color-accent); }
    .deny, .stop { color: var(--_mcp-color-danger); }
    .question { flex-basis: 100%; margin: 0; }
    ::slotted(*) { display: block; margin: 0 var(--_mcp-space) var(--_mcp-space); }
  `,
];
