import { html, nothing } from 'lit';
import type { McpConnection } from '../../../mcp/connection.js';
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

/** The Servers panel: each server's state, era, catalog sizes, diagnosis, Retry, sign in and out. */
export function renderServersPanel(connections: readonly McpConnection[], actions: ServersPanelActions) {
  return html`<h2>Servers</h2>
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
