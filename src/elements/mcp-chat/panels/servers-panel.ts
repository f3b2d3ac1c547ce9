import { html, nothing, type TemplateResult } from 'lit';
import type { ToolSelection } from '../../../agent/tool-selection.js';
import type { McpConnection } from '../../../mcp/connection.js';
import type { ChatStrings } from '../strings.js';
import { canSignIn } from '../auth.js';
import { renderSignInButton } from '../render/notices.js';

/** What the Servers panel's buttons do. */
export interface ServersPanelActions {
  signIn(connection: McpConnection): void;
  signOut(connection: McpConnection): void;
}

const STATE_WORDS: Record<string, string> = {
  idle: 'Not connected',
  connecting: 'Connecting…',
  connected: 'Connected',
  reconnecting: 'Reconnecting…',
  'auth-required': 'Needs sign-in',
  failed: 'Failed',
  closed: 'Closed',
};

/** What the Servers panel draws. */
export interface ServersPanelView {
  connections: readonly McpConnection[];
  /** Which tools the last model request carried and which it left out, if a request was made. */
  toolSelection: ToolSelection | undefined;
  /** For numbers (`toLocaleString`). */
  lang: string | undefined;
  text: ChatStrings;
}

/** The Servers panel: each server's state, era, catalog sizes, diagnosis, Retry, sign in and out; the tools the last request left out. */
export function renderServersPanel(view: ServersPanelView, actions: ServersPanelActions) {
  const connections = view.connections;
  return html`<h2>Servers</h2>
    ${view.toolSelection?.omitted.length ? renderToolSelection(view.toolSelection, view) : nothing}
    ${connections.length === 0 ? html`<p class="hint">No server. Set the <code>server</code> attribute or the <code>servers</code> property.</p>` : nothing}
    <ul>
      ${connections.map(
        (c) => html`<li>
          <strong>${c.name}</strong> <span class="hint">${c.url}</span>
          <p class="hint">
            ${STATE_WORDS[c.state] ?? c.state}${c.state === 'connected'
              ? ` · ${c.getProtocolEra() === 'modern' ? '2026-07-28 (stateless)' : (c.protocolVersion ?? '2025 era')} · ${c.tools.length} tools, ${c.prompts.length} prompts, ${c.resources.length} resources`
              : ''}
          </p>
          ${c.error && c.state !== 'connected' ? html`<p class="diagnosis">${c.error.message}</p>` : nothing}
          ${c.state === 'connected' && c.invalidTools.length ? renderInvalidTools(c) : nothing}
          ${c.state === 'auth-required' && canSignIn(c)
            ? renderSignInButton(c, actions.signIn)
            : c.state === 'failed' || c.state === 'auth-required' || c.state === 'idle'
              ? html`<button @click=${() => c.connect().catch(() => {})}>Retry</button>`
              : nothing}
          ${c.state === 'connected' && canSignIn(c)
            ? html`<button part="sign-out-button" aria-label=${`Sign out of ${c.name}`} @click=${() => actions.signOut(c)}>Sign out</button>`
            : nothing}
        </li>`,
      )}
    </ul>`;
}

/** The tools a server listed that break the MCP format (left out of its catalog), each with the reason. */
function renderInvalidTools(c: McpConnection) {
  const n = c.invalidTools.length;
  return html`<details class="diagnosis invalid-tools">
    <summary>${n === 1 ? '1 tool of this server cannot be used' : `${n} tools of this server cannot be used`}</summary>
    <ul>
      ${c.invalidTools.map((t) => html`<li><code>${t.name}</code>: ${t.reason}</li>`)}
    </ul>
  </details>`;
}

/**
 * The last model request could not carry every tool: how many it sent and
 * which it left out (a collapsed list; drawn again only for a new selection).
 */
function renderToolSelection(selection: ToolSelection, view: ServersPanelView) {
  const t = view.text;
  const n = (x: number) => x.toLocaleString(view.lang);
  return html`<section part="tool-selection" class="tool-selection" aria-label=${t.toolsLeftOut(n(selection.omitted.length))}>
    <p>${t.toolSelection(n(selection.total - selection.omitted.length), n(selection.total))}</p>
    ${omittedList(selection, view)}
  </section>`;
}

/** The list of left-out tools, made once per selection (thousands of rows; the panel repaints while answers stream). */
const omittedLists = new WeakMap<ToolSelection, TemplateResult>();
function omittedList(selection: ToolSelection, view: ServersPanelView): TemplateResult {
  const t = view.text;
  let list = omittedLists.get(selection);
  if (!list) {
    list = html`<details>
      <summary>${t.toolsLeftOut(selection.omitted.length.toLocaleString(view.lang))}</summary>
      <ul class="omitted-tools">
        ${selection.omitted.map(
          ({ tool, reason }) =>
            html`<li><code>${tool.name}</code>${tool.server ? html` <span class="hint">${tool.server}</span>` : nothing}${reason === 'schema-too-large'
                ? html` <span class="hint">(${t.schemaTooLarge})</span>`
                : nothing}</li>`,
        )}
      </ul>
    </details>`;
    omittedLists.set(selection, list);
  }
  return list;
}
