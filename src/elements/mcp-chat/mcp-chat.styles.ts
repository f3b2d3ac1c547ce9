import { css } from 'lit';
import { tokens } from '../shared/tokens.js';

/** Styles of `<mcp-chat>`. */
export const chatStyles = [
  tokens,
  css`
    :host {
      --mcp-chat-accent: var(--_mcp-color-accent);
      --mcp-chat-accent-fg: var(--_mcp-color-accent-fg);
      --mcp-chat-bg: var(--_mcp-color-bg);
      --mcp-chat-fg: var(--_mcp-color-fg);
      --mcp-chat-muted: var(--_mcp-color-muted);
      --mcp-chat-border: var(--_mcp-color-border);
      --mcp-chat-surface: var(--_mcp-color-surface);
      --mcp-chat-danger: var(--_mcp-color-danger);
      --mcp-chat-font-family: var(--_mcp-font-family);
      --mcp-chat-radius: var(--_mcp-radius);
      --mcp-chat-space: var(--_mcp-space);
      --mcp-chat-height: 600px;
      display: block;
      height: var(--mcp-chat-height);
      font-family: var(--mcp-chat-font-family);
      color: var(--mcp-chat-fg);
      font-size: var(--mcp-chat-font-size, 15px);
    }
    :host([density='compact']) { --mcp-chat-space: calc(var(--_mcp-space) * 0.5); }
    :host([density='comfortable']) { --mcp-chat-space: calc(var(--_mcp-space) * 1.5); }
    * { box-sizing: border-box; }
    .base {
      display: grid;
      grid-template-rows: auto 1fr auto;
      grid-template-columns: auto 1fr;
      height: 100%;
      background: var(--mcp-chat-bg);
      border: 1px solid var(--mcp-chat-border);
      border-radius: var(--mcp-chat-radius);
      overflow: hidden;
    }
    header {
      grid-column: 1 / -1;
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: var(--mcp-chat-space);
      padding: var(--mcp-chat-space);
      border-bottom: 1px solid var(--mcp-chat-border);
      background: var(--mcp-chat-surface);
    }
    .title { font-weight: 600; margin-right: auto; }
    .servers { display: flex; gap: 4px; flex-wrap: wrap; }
    .server-status {
      display: inline-flex;
      align-items: center;
      gap: 4px;
      font-size: 0.8em;
      padding: 2px 8px;
      border: 1px solid var(--mcp-chat-border);
      border-radius: 999px;
      background: var(--mcp-chat-bg);
      color: var(--mcp-chat-fg);
      cursor: pointer;
    }
    .dot { width: 8px; height: 8px; border-radius: 50%; background: var(--mcp-chat-muted); }
    .connected .dot { background: #16a34a; }
    .failed .dot, .auth-required .dot { background: var(--mcp-chat-danger); }
    .connecting .dot, .reconnecting .dot { background: #d97706; }
    button, input, select, textarea { font: inherit; color: inherit; }
    button {
      border: 1px solid var(--mcp-chat-border);
      border-radius: var(--mcp-chat-radius);
      background: var(--mcp-chat-bg);
      padding: 4px 10px;
      cursor: pointer;
    }
    button:disabled { opacity: 0.5; cursor: default; }
    button:focus-visible, input:focus-visible, textarea:focus-visible, select:focus-visible, [tabindex]:focus-visible {
      outline: 2px solid var(--mcp-chat-accent);
      outline-offset: 1px;
    }
    .primary { background: var(--mcp-chat-accent); color: var(--mcp-chat-accent-fg); border-color: var(--mcp-chat-accent); }
    .danger { color: var(--mcp-chat-danger); }
    .panel {
      grid-row: 2 / 4;
      width: min(300px, 45vw);
      border-right: 1px solid var(--mcp-chat-border);
      overflow: auto;
      padding: var(--mcp-chat-space);
      display: flex;
      flex-direction: column;
      gap: var(--mcp-chat-space);
      background: var(--mcp-chat-bg);
    }
    .panel h2 { font-size: 1em; margin: 0; }
    .panel ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 4px; }
    .conversation { display: flex; gap: 4px; align-items: center; }
    .conversation > button:first-child { flex: 1; text-align: left; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    .conversation[aria-current='true'] > button:first-child { border-color: var(--mcp-chat-accent); font-weight: 600; }
    .conversation > form.rename { display: flex; gap: 4px; flex: 1; }
    .conversation > form.rename input { flex: 1; min-width: 0; }
    .confirm { flex: 1; display: flex; flex-direction: column; gap: 4px; padding: 6px; border: 1px solid var(--mcp-chat-danger); border-radius: var(--mcp-chat-radius); }
    .notice.sign-in p, .notice.server-problems p { margin: 0; display: flex; gap: var(--mcp-chat-space); align-items: center; flex-wrap: wrap; }
    label { display: flex; flex-direction: column; gap: 2px; font-size: 0.9em; }
    input, select, textarea {
      border: 1px solid var(--mcp-chat-border);
      border-radius: var(--mcp-chat-radius);
      background: var(--mcp-chat-bg);
      padding: 4px 6px;
    }
    .hint { font-size: 0.85em; color: var(--mcp-chat-muted); margin: 0; }
    .diagnosis { font-size: 0.85em; color: var(--mcp-chat-danger); margin: 0; }
    .main { grid-column: 2; grid-row: 2; display: flex; flex-direction: column; min-height: 0; min-width: 0; }
    .base:not(.with-panel) .main, .base:not(.with-panel) .bottom { grid-column: 1 / -1; }
    .messages {
      flex: 1;
      overflow-y: auto;
      padding: var(--mcp-chat-space);
      display: flex;
      flex-direction: column;
      gap: var(--mcp-chat-space);
    }
    .messages > mcp-message { content-visibility: auto; contain-intrinsic-size: auto 80px; }
    .empty { margin: auto; text-align: center; color: var(--mcp-chat-muted); max-width: 40ch; }
    .bottom { grid-column: 2; grid-row: 3; border-top: 1px solid var(--mcp-chat-border); padding: var(--mcp-chat-space); display: flex; flex-direction: column; gap: var(--mcp-chat-space); position: relative; }
    .notice { margin: 0; font-size: 0.9em; color: var(--mcp-chat-muted); }
    .error { margin: 0; font-size: 0.9em; color: var(--mcp-chat-danger); display: flex; gap: 8px; align-items: baseline; }
    .composer { display: flex; gap: var(--mcp-chat-space); align-items: flex-end; }
    .composer textarea { flex: 1; resize: none; min-height: 2.5em; max-height: 12em; padding: 8px; }
    .attachments { display: flex; gap: 4px; flex-wrap: wrap; }
    .attachment { display: inline-flex; gap: 4px; align-items: center; font-size: 0.85em; border: 1px solid var(--mcp-chat-border); border-radius: var(--mcp-chat-radius); padding: 2px 6px; }
    .attachment img { height: 32px; }
    .palette {
      position: absolute;
      bottom: 100%;
      left: var(--mcp-chat-space);
      right: var(--mcp-chat-space);
      max-height: 260px;
      overflow: auto;
      background: var(--mcp-chat-bg);
      border: 1px solid var(--mcp-chat-border);
      border-radius: var(--mcp-chat-radius);
      box-shadow: 0 4px 16px rgb(0 0 0 / 0.15);
      margin: 0;
      padding: 4px;
      list-style: none;
    }
    .palette li { padding: 4px 8px; border-radius: var(--mcp-chat-radius); cursor: pointer; display: flex; gap: 8px; align-items: baseline; }
    .palette li[aria-selected='true'] { background: var(--mcp-chat-accent); color: var(--mcp-chat-accent-fg); }
    .palette .kind { font-size: 0.75em; text-transform: uppercase; opacity: 0.8; }
    .palette .desc { font-size: 0.85em; opacity: 0.8; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    .run-form { border: 1px solid var(--mcp-chat-border); border-radius: var(--mcp-chat-radius); padding: var(--mcp-chat-space); display: flex; flex-direction: column; gap: var(--mcp-chat-space); }
    .form-title { margin: 0; }
    .row { display: flex; gap: var(--mcp-chat-space); flex-wrap: wrap; align-items: center; }
    dialog { border: 1px solid var(--mcp-chat-border); border-radius: var(--mcp-chat-radius); background: var(--mcp-chat-bg); color: var(--mcp-chat-fg); width: min(720px, 92vw); max-height: 85vh; }
    .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
    .requests:empty { display: none; }
    .check { flex-direction: row; align-items: center; gap: 6px; }
  `,
];
