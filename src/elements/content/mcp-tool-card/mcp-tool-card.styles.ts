import { css } from 'lit';
import { tokens } from '../../shared/tokens.js';
import { contentHostStyles } from '../content-host.styles.js';

/**
 * Styles of `<mcp-tool-card>`: a quiet one-line row until opened; the
 * approval stands out in the warning colour because the person must decide.
 */
export const toolCardStyles = [
  tokens,
  contentHostStyles,
  css`
    :host {
      --mcp-tool-card-bg: transparent;
      --mcp-tool-card-border: var(--_mcp-color-border);
      --mcp-tool-card-open-bg: var(--_mcp-color-surface);
      --mcp-tool-card-warning: var(--_mcp-color-warning);
      --mcp-tool-card-motion: 180ms;
      font-size: 0.9375em;
    }
    @media (prefers-reduced-motion: reduce) {
      :host { --mcp-tool-card-motion: 0ms; }
      .spin { animation: none !important; }
    }
    * { box-sizing: border-box; }
    .icon { width: 16px; height: 16px; flex: none; display: block; }
    .card {
      border: 1px solid transparent;
      border-radius: 12px;
      background: var(--mcp-tool-card-bg);
      transition: background-color var(--mcp-tool-card-motion) ease-out, border-color var(--mcp-tool-card-motion) ease-out;
    }
    .card:has(> details[open]) { background: var(--mcp-tool-card-open-bg); border-color: var(--mcp-tool-card-border); }
    summary {
      display: flex;
      gap: 8px;
      align-items: center;
      min-height: 36px;
      padding: 6px 10px;
      border-radius: 12px;
      cursor: pointer;
      list-style: none;
      color: var(--_mcp-color-muted);
      min-width: 0;
    }
    summary::-webkit-details-marker { display: none; }
    summary:hover { color: var(--_mcp-color-fg); }
    summary:focus-visible, button:focus-visible { outline: 2px solid var(--_mcp-color-accent); outline-offset: 1px; }
    .line { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; flex: 0 1 auto; }
    .name { color: var(--_mcp-color-fg); font-weight: 600; }
    .server { color: var(--_mcp-color-muted); }
    .line .real-name { color: var(--_mcp-color-muted); font-family: var(--_mcp-font-mono); font-size: 0.9em; }
    .sep { flex: none; }
    .status { flex: none; white-space: nowrap; }
    .chevron { flex: none; margin-inline-start: auto; transition: transform var(--mcp-tool-card-motion) ease-out; }
    details[open] > summary .chevron { transform: rotate(90deg); }
    :host(:dir(rtl)) .chevron { transform: scaleX(-1); }
    :host(:dir(rtl)) details[open] > summary .chevron { transform: rotate(90deg); }
    .state-icon { display: grid; place-items: center; width: 20px; height: 20px; border-radius: 50%; flex: none; }
    .card.done .state-icon { color: var(--_mcp-color-success); }
    .card.error .state-icon, .card.error .status { color: var(--_mcp-color-danger); }
    .card.error .status { font-weight: 600; }
    .card.running .state-icon { color: var(--_mcp-color-accent); }
    .spin { animation: mcp-spin 0.9s linear infinite; }
    @keyframes mcp-spin { to { transform: rotate(360deg); } }
    .details { padding: 0 12px 12px; display: flex; flex-direction: column; gap: 12px; }
    .section { display: flex; flex-direction: column; gap: 4px; min-width: 0; }
    .label { margin: 0; font-size: 0.75em; font-weight: 600; text-transform: uppercase; letter-spacing: 0.05em; color: var(--_mcp-color-muted); }
    pre {
      margin: 0;
      padding: 10px 12px;
      background: var(--_mcp-color-bg);
      border: 1px solid var(--_mcp-color-border);
      border-radius: 8px;
      font-family: var(--_mcp-font-mono);
      font-size: 0.8125rem;
      line-height: 1.5;
      max-height: 320px;
      overflow: auto;
      white-space: pre-wrap;
      overflow-wrap: anywhere;
    }
    .fields { margin: 0; display: grid; grid-template-columns: minmax(0, max-content) minmax(0, 1fr); gap: 2px 16px; font-size: 0.9375em; }
    .fields > div { display: contents; }
    .fields .fields { font-size: 1em; }
    .items { margin: 0; padding-inline-start: 1.25em; display: flex; flex-direction: column; gap: 6px; }
    .fields dt { color: var(--_mcp-color-muted); font-family: var(--_mcp-font-mono); font-size: 0.875em; padding-top: 1px; }
    .fields dd { margin: 0; overflow-wrap: anywhere; white-space: pre-wrap; }
    .none { margin: 0; color: var(--_mcp-color-muted); }
    .cut { display: block; margin-top: 4px; color: var(--_mcp-color-muted); font-style: italic; white-space: normal; }
    .result { display: flex; flex-direction: column; gap: 8px; min-width: 0; }
    .error-note { color: var(--_mcp-color-danger); font-weight: 600; margin: 0; }
    .untrusted-note { margin: 0; padding: 4px 8px; border-inline-start: 3px solid var(--mcp-tool-card-warning); font-size: 0.875em; }
    .raw { display: flex; flex-direction: column; align-items: flex-start; gap: 6px; }
    .raw pre { align-self: stretch; }
    .raw-toggle { border: 0; background: none; padding: 0; min-height: 0; color: var(--_mcp-color-muted); font-size: 0.8125em; text-decoration: underline; text-underline-offset: 2px; }
    .live { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; padding: 0 10px; }
    .live:not(:empty) { padding-bottom: 8px; }
    progress { flex: 1; min-width: 120px; height: 6px; accent-color: var(--_mcp-color-accent); }
    .progress-message { font-size: 0.875em; color: var(--_mcp-color-muted); }
    button {
      font: inherit;
      display: inline-flex;
      align-items: center;
      gap: 6px;
      min-height: 32px;
      border-radius: 8px;
      border: 1px solid var(--_mcp-color-border);
      background: var(--_mcp-color-bg);
      color: var(--_mcp-color-fg);
      padding: 4px 12px;
      cursor: pointer;
    }
    @media (pointer: coarse) { button, summary { min-height: 44px; } }
    .approve { background: var(--_mcp-color-accent); color: var(--_mcp-color-accent-fg); border-color: var(--_mcp-color-accent); font-weight: 600; }
    .deny, .stop { color: var(--_mcp-color-danger); }
    .stop { min-height: 28px; padding: 2px 10px; font-size: 0.875em; }
    /* The approval: warning colour, the question first, the buttons at hand. */
    .card.approval {
      border: 1.5px solid var(--mcp-tool-card-warning);
      background: color-mix(in srgb, var(--mcp-tool-card-warning) 9%, var(--_mcp-color-bg));
      box-shadow: 0 2px 12px color-mix(in srgb, var(--mcp-tool-card-warning) 18%, transparent);
    }
    .card.approval .state-icon { color: var(--mcp-tool-card-warning); }
    .ask { display: flex; gap: 8px; align-items: flex-start; margin: 0; padding: 12px 12px 0; color: var(--_mcp-color-fg); }
    .ask .icon { color: var(--mcp-tool-card-warning); width: 18px; height: 18px; margin-top: 2px; }
    .address { color: var(--_mcp-color-muted); font-family: var(--_mcp-font-mono); font-size: 0.875em; overflow-wrap: anywhere; }
    .card.approval .live { padding: 4px 12px 12px; }
    ::slotted(*) { display: block; margin: 4px 10px 10px; }
  `,
];
