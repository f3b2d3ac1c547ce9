import { css } from 'lit';
import { tokens } from '../shared/tokens.js';
import { chatLayoutStyles } from './chat-layout.styles.js';

/**
 * Styles of `<mcp-chat>`: tokens, controls, header, messages and composer
 * here; panels, drawers, container queries and the launcher in
 * `chat-layout.styles.ts`. Sizes sit on a 4 px grid (`--mcp-chat-space` is 8 px).
 */
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
      --mcp-chat-warning: var(--_mcp-color-warning);
      --mcp-chat-success: var(--_mcp-color-success);
      --mcp-chat-font-family: var(--_mcp-font-family);
      --mcp-chat-radius: var(--_mcp-radius);
      --mcp-chat-space: var(--_mcp-space);
      --mcp-chat-height: 600px;
      --mcp-chat-column-width: 48rem;
      --mcp-chat-composer-radius: 20px;
      --mcp-chat-shadow: 0 8px 28px rgb(0 0 0 / 0.16), 0 1px 3px rgb(0 0 0 / 0.08);
      --mcp-chat-motion: 180ms;
      display: block;
      position: relative;
      height: var(--mcp-chat-height);
      font-family: var(--mcp-chat-font-family);
      color: var(--mcp-chat-fg);
      font-size: var(--mcp-chat-font-size, 15px);
      line-height: 1.55;
      container: mcp-chat / inline-size;
    }
    :host([hidden]) { display: none !important; }
    :host([density='compact']) { --mcp-chat-space: calc(var(--_mcp-space) * 0.5); }
    :host([density='comfortable']) { --mcp-chat-space: calc(var(--_mcp-space) * 1.5); }
    @media (prefers-reduced-motion: reduce) {
      :host { --mcp-chat-motion: 0ms; }
    }
    * { box-sizing: border-box; }
    .base {
      display: grid;
      grid-template-rows: auto minmax(0, 1fr);
      height: 100%;
      background: var(--mcp-chat-bg);
      border: 1px solid var(--mcp-chat-border);
      border-radius: var(--mcp-chat-radius);
      overflow: hidden;
      position: relative;
    }
    button, input, select, textarea { font: inherit; color: inherit; }
    button {
      border: 1px solid var(--mcp-chat-border);
      border-radius: var(--mcp-chat-radius);
      background: var(--mcp-chat-bg);
      padding: 4px 12px;
      min-height: 32px;
      cursor: pointer;
      transition: background-color var(--mcp-chat-motion) ease-out, border-color var(--mcp-chat-motion) ease-out;
    }
    button:hover:not(:disabled) { background: var(--mcp-chat-surface); }
    button:disabled { opacity: 0.5; cursor: default; }
    :focus-visible { outline: 2px solid var(--mcp-chat-accent); outline-offset: 2px; }
    .primary { background: var(--mcp-chat-accent); color: var(--mcp-chat-accent-fg); border-color: var(--mcp-chat-accent); font-weight: 600; }
    .primary:hover:not(:disabled) { background: var(--mcp-chat-accent); filter: brightness(1.08); }
    .danger { color: var(--mcp-chat-danger); }
    .icon { width: var(--mcp-icon-size, 18px); height: var(--mcp-icon-size, 18px); flex: none; display: block; }
    .icon-button {
      display: inline-grid;
      place-items: center;
      width: 36px;
      height: 36px;
      min-height: 0;
      padding: 0;
      border: 0;
      border-radius: 10px;
      background: transparent;
      color: var(--mcp-chat-muted);
      position: relative;
    }
    .icon-button:hover:not(:disabled), .icon-button[aria-pressed='true'], .icon-button[aria-expanded='true'] {
      background: var(--mcp-chat-surface);
      color: var(--mcp-chat-fg);
    }
    /* Tooltips: the accessible name, shown on hover and keyboard focus. */
    [data-tip]::after {
      content: attr(data-tip);
      position: absolute;
      top: calc(100% + 6px);
      left: 50%;
      transform: translateX(-50%);
      padding: 4px 8px;
      border-radius: 6px;
      background: var(--mcp-chat-fg);
      color: var(--mcp-chat-bg);
      font-size: 12px;
      line-height: 1.3;
      font-weight: 500;
      white-space: nowrap;
      pointer-events: none;
      opacity: 0;
      transition: opacity var(--mcp-chat-motion) ease-out;
      z-index: 20;
    }
    [data-tip]:hover::after, [data-tip]:focus-visible::after { opacity: 1; transition-delay: 400ms; }
    [data-tip-end]::after { left: auto; right: auto; inset-inline-end: 0; transform: none; }
    .composer [data-tip]::after { top: auto; bottom: calc(100% + 6px); }
    @media (pointer: coarse) {
      .icon-button { width: 44px; height: 44px; }
      button { min-height: 44px; }
      [data-tip]::after { display: none; }
    }

    /* Header: one row. */
    header {
      display: flex;
      align-items: center;
      gap: 4px;
      min-height: 52px;
      padding-block: 8px;
      padding-inline: 16px 8px;
      border-bottom: 1px solid var(--mcp-chat-border);
      background: var(--mcp-chat-bg);
      min-width: 0;
    }
    .title {
      font-weight: 600;
      font-size: 1.0625em;
      white-space: nowrap;
      overflow: hidden;
      text-overflow: ellipsis;
      min-width: 3em;
      flex: 0 0 auto;
      max-width: 55%;
    }
    .servers { display: flex; gap: 2px; align-items: center; min-width: 0; flex: 0 1 auto; margin-inline-start: 4px; }
    .server-status {
      display: inline-flex;
      align-items: center;
      gap: 6px;
      min-height: 28px;
      max-width: 18em;
      font-size: 0.8125em;
      padding: 2px 8px;
      border: 0;
      border-radius: 999px;
      background: transparent;
      color: var(--mcp-chat-muted);
      min-width: 0;
    }
    .server-status .name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    .server-count { display: none; }
    .dot { width: 8px; height: 8px; border-radius: 50%; background: var(--mcp-chat-muted); flex: none; }
    .connected .dot { background: var(--mcp-chat-success); }
    .failed .dot, .auth-required .dot { background: var(--mcp-chat-danger); }
    .connecting .dot, .reconnecting .dot { background: var(--mcp-chat-warning); }
    .degraded .dot { background: var(--mcp-chat-warning); }
    .spacer { flex: 1 1 0; min-width: 0; }
    /* The header's icon buttons never shrink: squeezed, their icons spilled out of a target too small to hit. */
    header .icon-button, .menu-anchor { flex: none; }
    .model {
      display: inline-flex;
      align-items: center;
      gap: 4px;
      max-width: 13em;
      min-height: 32px;
      padding-block: 2px;
      padding-inline: 10px 8px;
      border: 0;
      border-radius: 10px;
      background: transparent;
      color: var(--mcp-chat-muted);
      font-size: 0.875em;
      white-space: nowrap;
      overflow: hidden;
      text-overflow: ellipsis;
      flex: 0 1 auto;
      min-width: 0;
    }
    select.model { appearance: auto; padding-inline-end: 4px; }
    .model .icon { --mcp-icon-size: 14px; }
    .model-name { overflow: hidden; text-overflow: ellipsis; }
    .more { anchor-name: --mcp-chat-more; }
    /* A popover (top layer), placed under the More button by anchor positioning, its end edge on the button's. */
    .menu {
      position-anchor: --mcp-chat-more;
      inset: auto;
      top: calc(anchor(bottom) + 4px);
      right: anchor(right);
      min-width: 200px;
      margin: 0;
      color: var(--mcp-chat-fg);
      padding: 4px;
      list-style: none;
      background: var(--mcp-chat-bg);
      border: 1px solid var(--mcp-chat-border);
      border-radius: 12px;
      box-shadow: var(--mcp-chat-shadow);
      animation: mcp-pop var(--mcp-chat-motion) ease-out;
    }
    .menu button {
      display: flex;
      align-items: center;
      gap: 10px;
      width: 100%;
      border: 0;
      border-radius: 8px;
      background: transparent;
      padding: 8px 10px;
      text-align: start;
    }
    [dir='rtl'] .menu { right: auto; left: anchor(left); }
    .menu button[aria-checked='true'] { background: var(--mcp-chat-surface); font-weight: 600; }
    .menu button .tick { margin-inline-start: auto; color: var(--mcp-chat-accent); }
    @keyframes mcp-pop { from { opacity: 0; transform: translateY(-4px) scale(0.98); } }
    @keyframes mcp-rise { from { opacity: 0; transform: translateY(12px) scale(0.98); } }
    @keyframes mcp-spin { to { transform: rotate(360deg); } }
    @keyframes mcp-blink { 0%, 80%, 100% { opacity: 0.25; } 40% { opacity: 1; } }

    /* The conversation: a centred reading column. */
    .main { display: flex; flex-direction: column; min-height: 0; min-width: 0; position: relative; }
    .messages { flex: 1; overflow-y: auto; overflow-x: hidden; padding: 24px 16px 8px; }
    .column { width: 100%; max-width: var(--mcp-chat-column-width); margin-inline: auto; display: flex; flex-direction: column; gap: 20px; min-width: 0; }
    .messages > .column { min-height: 100%; }
    .column > mcp-message { content-visibility: auto; contain-intrinsic-size: auto 80px; }
    /* A message shown on demand (search hit, showMessage()): marked for a moment. */
    .column > mcp-message.target { outline: 2px solid var(--mcp-chat-accent); outline-offset: 6px; border-radius: var(--mcp-chat-radius); }
    .interrupted-note { margin: 2px 0 8px; font-size: 0.85em; color: var(--mcp-chat-muted); font-style: italic; }
    .typing { display: inline-flex; gap: 4px; padding: 8px 0; align-items: center; }
    .typing span { width: 7px; height: 7px; border-radius: 50%; background: var(--mcp-chat-muted); animation: mcp-blink 1.2s infinite ease-in-out both; }
    .typing span:nth-child(2) { animation-delay: 0.15s; }
    .typing span:nth-child(3) { animation-delay: 0.3s; }
    @media (prefers-reduced-motion: reduce) {
      .typing span, .menu, .spin { animation: none !important; }
    }
    .spin { animation: mcp-spin 0.9s linear infinite; }
    /* A turn waits for servers still connecting (conversation/server-wait.ts): a calm line, not an error. */
    .server-wait { display: flex; align-items: center; gap: 8px; margin: 0; font-size: 0.9em; color: var(--mcp-chat-muted); }
    .server-wait .spinner {
      width: 12px;
      height: 12px;
      flex: none;
      border-radius: 50%;
      border: 2px solid color-mix(in srgb, var(--mcp-chat-muted) 30%, transparent);
      border-top-color: var(--mcp-chat-muted);
      animation: mcp-spin 0.9s linear infinite;
    }
    @media (prefers-reduced-motion: reduce) { .server-wait .spinner { animation: none; } }
    /* After a failed model turn (conversation/conversation-view.ts): a quiet line with Retry. */
    .turn-failed { display: flex; align-items: center; gap: 12px; margin: 0; font-size: 0.9em; color: var(--mcp-chat-muted); }
    .turn-failed .retry {
      font: inherit;
      padding: 4px 12px;
      border-radius: 999px;
      border: 1px solid var(--mcp-chat-border, currentColor);
      background: transparent;
      color: var(--mcp-chat-fg, inherit);
      cursor: pointer;
    }
    .turn-failed .retry:focus-visible { outline: 2px solid var(--mcp-chat-accent); outline-offset: 2px; }

    /* Composer: anchored to the bottom, actions inside the frame. */
    .bottom { padding: 8px 16px 12px; position: relative; }
    .bottom > .column { gap: 8px; }
    .notice { margin: 0; font-size: 0.875em; color: var(--mcp-chat-muted); }
    .error {
      margin: 0;
      font-size: 0.875em;
      color: var(--mcp-chat-danger);
      display: flex;
      gap: 8px;
      align-items: center;
      padding-block: 6px;
      padding-inline: 12px 8px;
      border-radius: 10px;
      background: color-mix(in srgb, var(--mcp-chat-danger) 8%, var(--mcp-chat-bg));
    }
    .error > span { flex: 1; min-width: 0; overflow-wrap: anywhere; }
    .error > button { min-height: 28px; padding: 2px 10px; font-size: 0.9em; color: var(--mcp-chat-fg); }
    .errors { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 4px; }
    /* A page opened from a share link: a plain notice where the composer would be, no New conversation. */
    .shared-notice {
      margin: 0;
      padding: 12px 16px;
      border: 1px dashed var(--mcp-chat-border);
      border-radius: var(--mcp-chat-composer-radius);
      color: var(--mcp-chat-muted);
      text-align: center;
      font-size: 0.9375em;
    }
    .shared-notice[data-state='gone'] { color: var(--mcp-chat-danger); border-style: solid; }
    :host([data-shared-view]) :is([part~='new-button'], [part~='regenerate-button'], [part~='edit-button'], [part~='retry-button']) { display: none; }
    .composer {
      display: grid;
      grid-template-columns: auto minmax(0, 1fr);
      grid-auto-flow: column;
      grid-auto-columns: auto;
      align-items: end;
      gap: 4px;
      padding: 6px;
      border: 1px solid var(--mcp-chat-border);
      border-radius: var(--mcp-chat-composer-radius);
      background: var(--mcp-chat-bg);
      box-shadow: 0 1px 2px rgb(0 0 0 / 0.05);
      transition: border-color var(--mcp-chat-motion) ease-out, box-shadow var(--mcp-chat-motion) ease-out;
    }
    .composer:focus-within {
      border-color: color-mix(in srgb, var(--mcp-chat-accent) 60%, var(--mcp-chat-border));
      box-shadow: 0 0 0 3px color-mix(in srgb, var(--mcp-chat-accent) 18%, transparent);
    }
    .composer textarea {
      resize: none;
      border: 0;
      background: transparent;
      padding: 7px 4px;
      min-height: 36px;
      max-height: calc(8lh + 14px);
      field-sizing: content;
      line-height: 1.5;
      outline: none;
      min-width: 0;
      width: 100%;
    }
    /* One line: a hint that wraps would make a narrow composer two lines tall (the placeholder frame is one). */
    .composer textarea::placeholder { color: var(--mcp-chat-muted); opacity: 1; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
    .composer .send, .composer .stop { border-radius: 50%; color: var(--mcp-chat-accent-fg); background: var(--mcp-chat-accent); }
    .composer .send:hover:not(:disabled), .composer .stop:hover {
      background: var(--mcp-chat-accent);
      color: var(--mcp-chat-accent-fg);
      filter: brightness(1.08);
    }
    .composer .stop { background: var(--mcp-chat-fg); color: var(--mcp-chat-bg); }
    /* The voice buttons while on: voice/voice.chunk.ts (voiceStyles), added with their code. */
    .composer .stop:hover { background: var(--mcp-chat-fg); color: var(--mcp-chat-bg); }
    .attachments { display: flex; gap: 6px; flex-wrap: wrap; list-style: none; margin: 0 0 8px; padding: 0; }
    .attachment { display: inline-flex; gap: 4px; align-items: center; border: 1px solid var(--mcp-chat-border); border-radius: 12px; padding: 4px 8px; }
    .attachment-refusal:empty { display: none; }
    .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
    .requests:empty { display: none; }
    .check { flex-direction: row; align-items: center; gap: 6px; }
    /* Message actions and the edit form (behaviour only; the look may restyle them). */
    /* Per-message actions: quiet icons under the message (at the end for the person's), clearer on hover and focus; always there on touch. */
    .message-actions {
      display: flex;
      gap: 2px;
      margin-block: -14px 0;
      --mcp-icon-size: 16px;
      opacity: 0.75;
      transition: opacity var(--mcp-chat-motion) ease-out;
    }
    .message-actions:hover, .message-actions:focus-within { opacity: 1; }
    .message-actions.mine { justify-content: flex-end; }
    .message-actions .icon-button { width: 32px; height: 32px; color: var(--mcp-chat-muted); }
    @media (pointer: coarse) { .message-actions { opacity: 1; } .message-actions .icon-button { width: 44px; height: 44px; } }
    .edit-form button:not(.primary) {
      color: var(--mcp-chat-fg);
      background: transparent;
      transition: none;
      font: inherit;
      font-size: 0.85em;
      min-height: 28px;
      padding: 2px 8px;
    }
    .edit-form { display: grid; gap: 6px; margin-block: 4px 8px; }
    .edit-form textarea {
      font: inherit;
      color: var(--mcp-chat-fg);
      background: var(--mcp-chat-bg);
      border: 1px solid var(--mcp-chat-border);
      border-radius: var(--mcp-chat-radius);
      padding: 8px;
    }
  `,
  chatLayoutStyles,
];
