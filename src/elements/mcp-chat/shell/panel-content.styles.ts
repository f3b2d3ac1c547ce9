import { css } from 'lit';
import { runFormStyles } from '../palette/run-form.styles.js';

/**
 * What only the side panels' contents draw (after the run form's look, which
 * the Settings form shares: palette/run-form.styles.ts): the conversation list, server
 * cards with their logs, the "Add server" form, the tool selection note, the
 * page's tools. In
 * the panels' chunk (shell/panels.chunk.ts): `<mcp-chat>` adds this sheet to its
 * shadow root when the panels' code is loaded, before a panel's content is
 * first drawn (the panel's frame, headings and buttons are in
 * chat-layout.styles.ts). The rules kept their order; they come after the
 * chat's own sheets, so none of them may tie with a later rule there on the
 * same element (`.row log-controls` and `.row removed-server` stay in
 * chat-layout.styles.ts for that reason: `.row` comes after them).
 */
export const panelContentStyles = css`
  ${runFormStyles}
  .conversation { display: flex; gap: 2px; align-items: center; }
  .conversation > button { border-color: transparent; background: transparent; padding-inline: 8px; }
  .conversation > button:first-child { flex: 1; text-align: start; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  /* Rename, Export, Delete: quiet icon buttons (the name in aria-label, the tooltip in data-tip). */
  .conversation > .icon-button { flex: none; width: 32px; height: 32px; padding: 0; --mcp-icon-size: 16px; color: var(--mcp-chat-muted); }
  .conversation > .icon-button.danger:hover { color: var(--mcp-chat-danger); }
  .conversation[aria-current='true'] > button:first-child { background: var(--mcp-chat-bg); font-weight: 600; border-color: var(--mcp-chat-border); }
  .conversation > form.rename { display: flex; gap: 4px; flex: 1; }
  .conversation > form.rename input { flex: 1; min-width: 0; }
  .sync {
    display: flex;
    flex-direction: column;
    gap: 8px;
    padding: 10px 12px;
    border: 1px solid var(--mcp-chat-border);
    border-radius: var(--mcp-chat-radius);
    background: var(--mcp-chat-bg);
  }
  .sync-state { margin: 0; display: flex; gap: 8px; align-items: baseline; font-size: 0.875em; overflow-wrap: anywhere; }
  .sync-dot { flex: none; width: 8px; height: 8px; border-radius: 50%; background: var(--mcp-chat-muted); transform: translateY(-1px); }
  .sync-state[data-state='up-to-date'] .sync-dot { background: var(--mcp-chat-success, #15803d); }
  .sync-state[data-state='offline'] .sync-dot { background: var(--mcp-chat-warning, #b45309); }
  .sync-state[data-state='failed'] .sync-dot { background: var(--mcp-chat-danger); }
  .sync .row button { min-height: 32px; }
  .sync-note { margin: 0; }
  .sync .confirm { border: none; padding: 0; background: none; }
  .sync .confirm .danger { color: var(--mcp-chat-danger); }
  .share { display: flex; flex-direction: column; gap: 8px; padding-top: 8px; border-top: 1px solid var(--mcp-chat-border); }
  .share .hint { margin: 0; }
  .share .row button { min-height: 32px; }
  .share .danger { color: var(--mcp-chat-danger); }
  .share-label { display: flex; flex-direction: column; gap: 4px; font-size: 0.875em; font-weight: 600; }
  .share-link {
    width: 100%;
    resize: none;
    overflow-wrap: anywhere;
    word-break: break-all;
    font: inherit;
    font-weight: 400;
    font-family: var(--mcp-chat-font-mono, monospace);
    font-size: 0.8125rem;
    direction: ltr;
    field-sizing: content;
  }
  .share-status:empty { display: none; }
  .confirm {
    flex: 1;
    display: flex;
    flex-direction: column;
    gap: 8px;
    padding: 8px;
    border: 1px solid var(--mcp-chat-danger);
    border-radius: var(--mcp-chat-radius);
    background: var(--mcp-chat-bg);
  }
  .server-list { gap: 8px; }
  .server {
    display: flex;
    flex-direction: column;
    gap: 4px;
    padding: 10px 12px;
    border: 1px solid var(--mcp-chat-border);
    border-radius: var(--mcp-chat-radius);
    background: var(--mcp-chat-bg);
  }
  .server-head { display: flex; align-items: center; justify-content: space-between; gap: 8px; min-height: 32px; }
  .server-name { min-width: 0; overflow-wrap: anywhere; }
  .server-url {
    margin: 0;
    font-size: 0.8125em;
    color: var(--mcp-chat-muted);
    overflow-wrap: anywhere;
    direction: ltr;
    text-align: start;
    unicode-bidi: isolate;
  }
  .server > button { align-self: flex-start; }
  .server-log { font-size: 0.875em; margin-top: 4px; }
  .server-log > summary { cursor: pointer; color: var(--mcp-chat-muted); padding-block: 2px; }
  .server-log[open] > summary { margin-bottom: 6px; }
  .log-level { flex: 1; }
  .server-log .hint { margin-block: 4px; }
  .log-entries { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; max-height: 320px; overflow: auto; }
  .log-entry { border-top: 1px solid var(--mcp-chat-border); padding-top: 6px; min-width: 0; }
  .log-meta { display: flex; gap: 6px; align-items: center; flex-wrap: wrap; color: var(--mcp-chat-muted); font-size: 0.9em; }
  .log-badge { border-radius: 999px; padding: 0 7px; font-size: 0.85em; font-weight: 600; line-height: 1.6; border: 1px solid currentColor; }
  .log-badge.level-debug, .log-badge.level-info { color: var(--mcp-chat-muted); }
  .log-badge.level-notice { color: var(--mcp-chat-accent); }
  .log-badge.level-warning { color: var(--mcp-chat-warning, #b45309); }
  .log-badge.level-error, .log-badge.level-critical, .log-badge.level-alert, .log-badge.level-emergency { color: var(--mcp-chat-danger); }
  .log-logger { unicode-bidi: isolate; font-family: var(--mcp-font-mono, monospace); overflow-wrap: anywhere; }
  .log-text { margin: 2px 0 0; unicode-bidi: plaintext; white-space: pre-wrap; overflow-wrap: anywhere; }
  .log-data {
    margin: 2px 0 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    font-family: var(--mcp-font-mono, monospace);
    font-size: 0.9em;
    background: var(--mcp-chat-surface);
    border-radius: 6px;
    padding: 4px 6px;
  }
  .add-server { display: flex; flex-direction: column; gap: 8px; }
  .add-server .row { flex-wrap: nowrap; }
  .add-server input { flex: 1; }
  .discovery-note { margin: 0; font-size: 0.875em; }
  .discovery-note .hint { display: block; margin-top: 2px; overflow-wrap: anywhere; }
  .registry { display: flex; flex-direction: column; gap: 8px; }
  .registry > summary { cursor: pointer; font-weight: 600; font-size: 0.875em; color: var(--mcp-chat-muted); padding-block: 4px; }
  .registry[open] > summary { margin-bottom: 8px; }
  .registry mcp-registry-search { display: block; }
  .tool-selection {
    border: 1px solid var(--mcp-chat-border);
    border-radius: var(--mcp-chat-radius);
    background: var(--mcp-chat-bg);
    padding: 10px 12px;
    font-size: 0.875em;
  }
  .tool-selection p { margin: 0 0 6px; }
  .tool-selection summary { cursor: pointer; color: var(--mcp-chat-muted); }
  .trace-export { display: flex; flex-direction: column; align-items: flex-start; gap: 4px; border-top: 1px solid var(--mcp-chat-border); padding-top: 12px; }
  .trace-export button { display: inline-flex; align-items: center; gap: 6px; }
  .trace-export button svg { width: 16px; height: 16px; flex: none; }
  .trace-export .hint { margin: 0; }
  .degraded { color: var(--mcp-chat-warning, #b45309); }
  .tool-selection .omitted-tools { max-height: 240px; overflow: auto; margin-top: 6px; gap: 2px; }
  /* Settings: the built-in models (the browser's own, the page's open model), each with its state, Download and progress. */
  .built-in { display: flex; flex-direction: column; gap: 8px; }
  .built-in-model { border: 1px solid var(--mcp-chat-border); border-radius: 12px; padding: 12px; display: flex; flex-direction: column; gap: 8px; }
  .built-in-head { display: flex; align-items: center; justify-content: space-between; gap: 8px; flex-wrap: wrap; }
  .built-in-head button { min-height: 28px; padding: 2px 10px; font-size: 0.875em; }
  .built-in .badge { font-size: 0.75em; padding: 2px 8px; border-radius: 999px; background: var(--mcp-chat-surface); color: var(--mcp-chat-muted); }
  .built-in progress { flex: 1; min-width: 120px; height: 8px; accent-color: var(--mcp-chat-accent); }
  .built-in .error { color: var(--mcp-chat-danger); }
  .built-in-model p { overflow-wrap: anywhere; }
  .built-in .bytes { font-variant-numeric: tabular-nums; }
  /* Servers: the page's tools (page-tools/page-tools-section.ts). */
  .page-tools { display: grid; gap: calc(var(--mcp-chat-space) / 2); margin-block-start: calc(var(--mcp-chat-space) * 2); }
  .page-tools h3 { margin: var(--mcp-chat-space) 0 0; font-size: 0.9375em; }
`;
