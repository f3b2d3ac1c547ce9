import { css } from 'lit';
import { tokens } from '../shared/tokens.js';
import { fileFieldStyles } from '../shared/file-field.js';

/**
 * Styles of `<mcp-tool>`: a quiet card on the docs page (title, form, Run),
 * the result below it as the chat shows one; the question before a tool that
 * is not read-only stands out in the warning colour.
 */
export const styles = [
  tokens,
  fileFieldStyles,
  css`
    :host {
      --mcp-tool-bg: var(--_mcp-color-bg);
      --mcp-tool-fg: var(--_mcp-color-fg);
      --mcp-tool-muted: var(--_mcp-color-muted);
      --mcp-tool-border: var(--_mcp-color-border);
      --mcp-tool-accent: var(--_mcp-color-accent);
      --mcp-tool-danger: var(--_mcp-color-danger);
      --mcp-tool-warning: var(--_mcp-color-warning);
      --mcp-tool-radius: 12px;
      --_file-accent: var(--mcp-tool-accent);
      --_file-border: var(--mcp-tool-border);
      --_file-danger: var(--mcp-tool-danger);
      --_file-muted: var(--mcp-tool-muted);
      --_file-radius: 8px;
      --_file-space: 10px;
      display: block;
      container-type: inline-size;
      font-family: var(--_mcp-font-family);
      font-size: 15px;
      line-height: 1.5;
      color: var(--mcp-tool-fg);
    }
    * { box-sizing: border-box; }
    .icon { width: 16px; height: 16px; flex: none; display: block; }
    .base {
      display: flex;
      flex-direction: column;
      gap: 12px;
      padding: 16px;
      border: 1px solid var(--mcp-tool-border);
      border-radius: var(--mcp-tool-radius);
      background: var(--mcp-tool-bg);
      min-width: 0;
    }
    .header { display: flex; align-items: center; gap: 8px; min-width: 0; flex-wrap: wrap; }
    .badge {
      display: grid;
      place-items: center;
      width: 28px;
      height: 28px;
      border-radius: 8px;
      background: var(--_mcp-color-surface);
      color: var(--mcp-tool-accent);
      flex: none;
    }
    .title { font-weight: 600; font-size: 1.0625em; overflow-wrap: anywhere; }
    .server { color: var(--mcp-tool-muted); font-family: var(--_mcp-font-mono); font-size: 0.8125em; overflow-wrap: anywhere; }
    .description { margin: 0; color: var(--mcp-tool-muted); }
    .form { display: flex; flex-direction: column; gap: 12px; margin: 0; }
    .file-field { display: flex; flex-direction: column; gap: 6px; }
    label { display: flex; flex-direction: column; gap: 4px; font-weight: 500; font-size: 0.9375em; }
    label.check { flex-direction: row; align-items: center; gap: 8px; flex-wrap: wrap; }
    .hint { font-weight: 400; color: var(--mcp-tool-muted); font-size: 0.875em; }
    .field-error { color: var(--mcp-tool-danger); font-weight: 400; font-size: 0.875em; }
    input:not([type='checkbox']), select, textarea {
      font: inherit;
      font-weight: 400;
      color: inherit;
      background: var(--mcp-tool-bg);
      border: 1px solid var(--mcp-tool-border);
      border-radius: 8px;
      padding: 7px 10px;
      min-height: 36px;
      width: 100%;
      max-width: 28rem;
    }
    textarea { max-width: none; font-family: var(--_mcp-font-mono); font-size: 0.875em; }
    input:focus-visible, select:focus-visible, textarea:focus-visible, button:focus-visible, .result:focus-visible {
      outline: 2px solid var(--mcp-tool-accent);
      outline-offset: 1px;
    }
    [aria-invalid='true'] { border-color: var(--mcp-tool-danger); }
    .row { display: flex; gap: 8px; flex-wrap: wrap; align-items: center; }
    button {
      font: inherit;
      display: inline-flex;
      align-items: center;
      justify-content: center;
      gap: 6px;
      min-height: 36px;
      padding: 6px 16px;
      border-radius: 8px;
      border: 1px solid var(--mcp-tool-border);
      background: var(--mcp-tool-bg);
      color: var(--mcp-tool-fg);
      cursor: pointer;
    }
    @media (pointer: coarse) { button { min-height: 44px; } }
    button:disabled { opacity: 0.55; cursor: default; }
    .primary { background: var(--mcp-tool-accent); border-color: var(--mcp-tool-accent); color: var(--_mcp-color-accent-fg); font-weight: 600; }
    .primary.destructive { background: var(--mcp-tool-danger); border-color: var(--mcp-tool-danger); color: var(--_mcp-color-accent-fg); }
    .confirm {
      padding: 12px;
      border: 1.5px solid var(--mcp-tool-warning);
      border-radius: 10px;
      background: color-mix(in srgb, var(--mcp-tool-warning) 9%, var(--mcp-tool-bg));
      display: flex;
      flex-direction: column;
      gap: 10px;
    }
    .confirm p { display: flex; gap: 8px; align-items: flex-start; margin: 0; }
    .confirm p .icon { color: var(--mcp-tool-warning); width: 18px; height: 18px; margin-top: 2px; }
    .running { display: flex; align-items: center; gap: 10px; flex-wrap: wrap; color: var(--mcp-tool-muted); }
    .spinner { color: var(--mcp-tool-accent); }
    .spin { animation: mcp-tool-spin 0.9s linear infinite; }
    @keyframes mcp-tool-spin { to { transform: rotate(360deg); } }
    @media (prefers-reduced-motion: reduce) { .spin { animation: none; } }
    progress { flex: 1; min-width: 120px; height: 6px; accent-color: var(--mcp-tool-accent); }
    .stop { color: var(--mcp-tool-danger); min-height: 32px; padding: 4px 12px; }
    .live:empty { display: none; }
    .notice { margin: 0; color: var(--mcp-tool-muted); }
    .notice.error { color: var(--mcp-tool-danger); display: flex; gap: 8px; align-items: flex-start; }
    .notice.error .icon { margin-top: 3px; }
    .result {
      display: flex;
      flex-direction: column;
      gap: 8px;
      min-width: 0;
      padding: 12px;
      border-radius: 10px;
      background: var(--_mcp-color-surface);
    }
    .error-note { color: var(--mcp-tool-danger); font-weight: 600; margin: 0; }
    pre {
      margin: 0;
      padding: 10px 12px;
      background: var(--mcp-tool-bg);
      border: 1px solid var(--mcp-tool-border);
      border-radius: 8px;
      font-family: var(--_mcp-font-mono);
      font-size: 0.8125rem;
      max-height: 320px;
      overflow: auto;
      white-space: pre-wrap;
      overflow-wrap: anywhere;
    }
    .fields { margin: 0; display: grid; grid-template-columns: minmax(0, max-content) minmax(0, 1fr); gap: 4px 16px; }
    .fields > div { display: contents; }
    .items { margin: 0; padding-inline-start: 1.25em; display: flex; flex-direction: column; gap: 6px; }
    .fields dt { color: var(--mcp-tool-muted); font-family: var(--_mcp-font-mono); font-size: 0.875em; padding-top: 1px; }
    .fields dd { margin: 0; overflow-wrap: anywhere; white-space: pre-wrap; }
    .none { margin: 0; color: var(--mcp-tool-muted); }
    mcp-app-view { display: block; }
    @container (max-width: 420px) {
      .base { padding: 12px; }
      input:not([type='checkbox']), select { max-width: none; }
    }
  `,
];
