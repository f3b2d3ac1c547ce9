import { html } from 'lit';
import type { McpConnection } from '../../../mcp/connection.js';
import type { ChatPanel } from '../panels/panel.js';

/** What the header's buttons do. */
export interface HeaderActions {
  /** Opens `panel`, or closes the panels (`undefined`). */
  showPanel(panel: ChatPanel | undefined): void;
  newConversation(): void;
  /** The name to show for a server (kept while it reconnects). */
  nameOf(connection: McpConnection): string;
}

/** The header: title, a status chip per server (opens the Servers panel), the panel buttons and New. */
export function renderHeader(connections: readonly McpConnection[], panel: ChatPanel | undefined, actions: HeaderActions) {
  return html`<header part="header">
    <span part="title" class="title"><slot name="title">Chat</slot></span>
    <span class="servers">
      ${connections.map(
        (c) => html`<button
          part="server-status ${c.state}"
          class="server-status ${c.state}"
          title=${c.error?.message ?? c.url}
          aria-label=${`${actions.nameOf(c)}: ${c.state}`}
          @click=${() => actions.showPanel('servers')}
        >
          <span class="dot" aria-hidden="true"></span>${actions.nameOf(c)}
        </button>`,
      )}
    </span>
    ${(['conversations', 'resources', 'settings'] as const).map(
      (p) => html`<button part="header-button" aria-pressed=${panel === p ? 'true' : 'false'} @click=${() => actions.showPanel(panel === p ? undefined : p)}>
        ${p[0]!.toUpperCase() + p.slice(1)}
      </button>`,
    )}
    <button part="header-button" @click=${() => actions.newConversation()}>New</button>
  </header>`;
}
