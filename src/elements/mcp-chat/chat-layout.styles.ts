import { css } from 'lit';

/**
 * Layout of `<mcp-chat>` by its own width (container queries on `.base`,
 * which fills the host, so a chat in a narrow column lays out as on a phone),
 * the side panels (a column from 640 px up, a full-width drawer below),
 * forms, the "/" palette, the empty state and the launcher. What only the
 * panels' contents draw (server cards and logs, the conversation list) is in
 * shell/panel-content.styles.ts, added when the panels' code is loaded; the
 * run form's look (the palette's form, the Settings form) is in
 * palette/run-form.styles.ts, added with the run form's or the panels' code.
 */
export const chatLayoutStyles = css`
  .base { container: mcp-chat / inline-size; }
  .body { display: grid; grid-template-columns: auto minmax(0, 1fr); min-height: 0; position: relative; }
  .body > .main { grid-column: 2; grid-row: 1; }
  /* The panel takes focus when opened (a region, not a control: no ring around it; its controls show theirs). */
  .panel:focus { outline: none; }
  .panel {
    width: var(--mcp-chat-panel-width, 300px);
    border-inline-end: 1px solid var(--mcp-chat-border);
    overflow: auto;
    padding: 16px;
    display: flex;
    flex-direction: column;
    gap: 12px;
    background: var(--mcp-chat-surface);
    position: relative;
    animation: mcp-slide var(--mcp-chat-motion) ease-out;
  }
  @keyframes mcp-slide { from { opacity: 0; transform: translateX(-8px); } }
  .panel-close { position: absolute; top: 8px; inset-inline-end: 8px; }
  .panel h2 { font-size: 1em; margin: 0; padding-block: 6px; padding-inline-end: 40px; }
  .panel h3 { font-size: 0.875em; margin: 8px 0 0; color: var(--mcp-chat-muted); }
  .panel ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 4px; }
  .panel li { min-width: 0; overflow-wrap: anywhere; }
  .panel button:not(.primary) { background: var(--mcp-chat-bg); }
  .notice.sign-in p, .notice.server-problems p { margin: 0; display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
  label { display: flex; flex-direction: column; gap: 4px; font-size: 0.875em; font-weight: 500; }
  input, select, textarea {
    border: 1px solid var(--mcp-chat-border);
    border-radius: var(--mcp-chat-radius);
    background: var(--mcp-chat-bg);
    padding: 6px 10px;
    min-height: 36px;
    font-weight: 400;
    min-width: 0;
  }
  input[type='checkbox'] { min-height: 0; }
  .hint { font-size: 0.8125em; color: var(--mcp-chat-muted); margin: 0; font-weight: 400; }
  .diagnosis { font-size: 0.875em; color: var(--mcp-chat-danger); margin: 0; }
  .log-controls { flex-wrap: nowrap; align-items: flex-end; }
  .removed-server { justify-content: space-between; flex-wrap: nowrap; }
  .row { display: flex; gap: 8px; flex-wrap: wrap; align-items: center; }
  .palette {
    position: absolute;
    bottom: calc(100% - 4px);
    inset-inline: 16px;
    max-width: var(--mcp-chat-column-width);
    margin: 0 auto;
    max-height: min(300px, 60cqh);
    overflow: auto;
    background: var(--mcp-chat-bg);
    border: 1px solid var(--mcp-chat-border);
    border-radius: 14px;
    box-shadow: var(--mcp-chat-shadow);
    padding: 4px;
    list-style: none;
    z-index: 10;
    animation: mcp-pop var(--mcp-chat-motion) ease-out;
  }
  .palette li { padding: 8px 10px; border-radius: 10px; cursor: pointer; display: flex; gap: 8px; align-items: baseline; min-width: 0; }
  /* Entries scrolled out of the list's view are not laid out or painted until they scroll in (opening stays quick with 50 listed).
     Not the first frame's 12 (PALETTE_FIRST_FRAME), which are in view: skipped, they were laid out in a second pass of that frame. */
  .palette li[part='palette-item']:nth-child(n + 13) { content-visibility: auto; contain-intrinsic-size: auto 36px; }
  .palette li.palette-more { cursor: default; font-size: 0.8125em; color: var(--mcp-chat-muted); }
  .palette li[aria-selected='true'] { background: var(--mcp-chat-surface); box-shadow: inset 3px 0 0 var(--mcp-chat-accent); }
  .palette li[aria-selected='true']:dir(rtl) { box-shadow: inset -3px 0 0 var(--mcp-chat-accent); }
  .palette .kind { font-size: 0.6875em; font-weight: 600; text-transform: uppercase; letter-spacing: 0.04em; color: var(--mcp-chat-muted); flex: none; }
  .palette strong { flex: none; font-weight: 600; }
  .palette .desc { font-size: 0.8125em; color: var(--mcp-chat-muted); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; min-width: 0; }
  dialog {
    border: 1px solid var(--mcp-chat-border);
    border-radius: 16px;
    background: var(--mcp-chat-bg);
    color: var(--mcp-chat-fg);
    width: min(720px, 92vw);
    max-height: 85vh;
    padding: 16px;
    box-shadow: var(--mcp-chat-shadow);
  }
  dialog::backdrop { background: rgb(0 0 0 / 0.4); }
  dialog .row { justify-content: space-between; flex-wrap: nowrap; }
  dialog strong { overflow-wrap: anywhere; }

  /* Empty state: said once, in the middle of the column. */
  .empty { margin: auto 0; padding: 24px 0; display: flex; flex-direction: column; align-items: center; text-align: center; gap: 12px; }
  .empty-mark {
    width: 44px;
    height: 44px;
    border-radius: 14px;
    display: grid;
    place-items: center;
    background: var(--mcp-chat-surface);
    color: var(--mcp-chat-accent);
  }
  .empty-mark .icon { --mcp-icon-size: 22px; }
  .empty h2 { margin: 0; font-size: 1.375em; font-weight: 600; letter-spacing: -0.01em; }
  .empty p { margin: 0; color: var(--mcp-chat-muted); max-width: 36rem; }
  .starters {
    display: grid;
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: 8px;
    width: 100%;
    max-width: 36rem;
    margin-top: 8px;
    list-style: none;
    padding: 0;
  }
  .starter {
    width: 100%;
    height: 100%;
    text-align: start;
    padding: 10px 14px;
    border-radius: 14px;
    display: flex;
    flex-direction: column;
    gap: 2px;
    background: var(--mcp-chat-bg);
  }
  .starter strong { font-weight: 600; font-size: 0.9375em; }
  .starter span {
    font-size: 0.8125em;
    color: var(--mcp-chat-muted);
    overflow: hidden;
    display: -webkit-box;
    -webkit-line-clamp: 2;
    -webkit-box-orient: vertical;
  }
  .no-model, .open-model {
    font-size: 0.875em;
    color: var(--mcp-chat-muted);
    padding: 8px 12px;
    border-radius: 12px;
    background: var(--mcp-chat-surface);
    margin-top: 4px;
  }
  .link-button {
    display: inline;
    border: 0;
    padding: 0;
    min-height: 0;
    background: none;
    color: var(--mcp-chat-accent);
    text-decoration: underline;
    text-underline-offset: 2px;
    font-weight: 500;
  }
  .link-button:hover:not(:disabled) { background: none; }
  .no-model kbd {
    font-family: var(--_mcp-font-mono);
    border: 1px solid var(--mcp-chat-border);
    border-radius: 4px;
    padding: 0 4px;
    background: var(--mcp-chat-bg);
    color: var(--mcp-chat-fg);
  }

  /* Narrow: panels become drawers over the chat; the header drops what it can. */
  @container mcp-chat (max-width: 639px) {
    .body { grid-template-columns: minmax(0, 1fr); }
    .panel { position: absolute; inset: 0; z-index: 15; width: auto; border-inline-end: 0; animation-name: mcp-rise; }
    .body > .main { grid-column: 1; grid-row: 1; }
    /* A drawer covers the conversation: its errors (a failed "List models", rename, export) show over it, at its foot, until dismissed. */
    .with-panel .errors { position: absolute; inset-inline: 8px; bottom: 8px; z-index: 16; }
    .with-panel .error { box-shadow: var(--mcp-chat-shadow); }
    .messages { padding-inline: 12px; }
    .bottom { padding-inline: 8px; padding-bottom: 8px; }
    .palette { inset-inline: 8px; }
    .starters { grid-template-columns: minmax(0, 1fr); }
    .starters li:nth-child(n + 4) { display: none; }
  }
  @container mcp-chat (max-width: 479px) {
    header { padding-inline-start: 12px; }
    /* No room to name each of several servers: one "2 servers" chip instead (header.ts). */
    .several > .server-status:not(.server-count) { display: none; }
    .several > .server-count { display: inline-flex; }
    .server-status { padding-inline: 6px; }
    /* The model keeps its few words; the server's name takes what is left. With several servers the short
       "2 servers" chip keeps its words and the model's name yields. */
    .model { max-width: 7.5em; flex-shrink: 0; }
    .several { flex-shrink: 0; }
    .several ~ .model { flex-shrink: 1; padding-inline: 6px; }
    .several ~ .model .icon { display: none; }
    /* Every pixel to the words: tighter gaps beside the icon buttons, which keep their size. */
    header { gap: 2px; }
    .model.unset { display: none; }
    .empty h2 { font-size: 1.25em; }
  }
  @container mcp-chat (max-width: 299px) {
    .model { display: none; }
  }

  /* Launcher: a round button in a corner opening the chat as a panel. */
  .launcher-button {
    display: none;
    width: 56px;
    height: 56px;
    border-radius: 50%;
    border: 0;
    padding: 0;
    place-items: center;
    background: var(--mcp-chat-accent);
    color: var(--mcp-chat-accent-fg);
    box-shadow: var(--mcp-chat-shadow);
    transition: transform var(--mcp-chat-motion) ease-out;
  }
  .launcher-button:hover:not(:disabled) { background: var(--mcp-chat-accent); transform: scale(1.05); }
  .launcher-button .icon { --mcp-icon-size: 26px; }
  :host([launcher]) {
    --mcp-chat-launcher-offset: 20px;
    position: fixed;
    inset-block-end: var(--mcp-chat-launcher-offset);
    inset-inline-end: var(--mcp-chat-launcher-offset);
    width: 56px;
    height: 56px;
    z-index: var(--mcp-chat-z-index, 1000);
  }
  :host([launcher][launcher-position$='start']) { inset-inline-end: auto; inset-inline-start: var(--mcp-chat-launcher-offset); }
  :host([launcher][launcher-position^='top']) { inset-block-end: auto; inset-block-start: var(--mcp-chat-launcher-offset); }
  :host([launcher]) .launcher-button { display: grid; }
  :host([launcher]) .base {
    position: absolute;
    inset-block-end: 72px;
    inset-inline-end: 0;
    width: min(var(--mcp-chat-launcher-width, 400px), 100vw - 2 * var(--mcp-chat-launcher-offset));
    height: min(var(--mcp-chat-height), 100vh - 112px);
    border-radius: 16px;
    box-shadow: var(--mcp-chat-shadow);
    animation: mcp-rise var(--mcp-chat-motion) ease-out;
    transform-origin: bottom right;
  }
  :host([launcher][launcher-position$='start']) .base { inset-inline-end: auto; inset-inline-start: 0; }
  :host([launcher][launcher-position^='top']) .base { inset-block-end: auto; inset-block-start: 72px; }
  :host([launcher]:not([open])) .base { display: none; }
  @media (max-width: 480px) {
    :host([launcher][open]) .base { position: fixed; inset: 0; width: auto; height: auto; border-radius: 0; border: 0; }
  }
  /* Model feature: the chat's reply when no model can answer (the built-in models' cards are Settings': panel-content.styles.ts). */
  .model-reply { display: flex; flex-direction: column; align-items: flex-start; gap: 8px; margin-block: 12px 20px; }
  .model-reply p { margin: 0; line-height: 1.55; }
`;
