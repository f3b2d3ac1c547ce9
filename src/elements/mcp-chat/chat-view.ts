import { html, nothing } from 'lit';
import type { Message } from '../../content/index.js';
import type { ToolCallView } from '../content/mcp-message/mcp-message.js';
import type { McpChat } from './mcp-chat.js';

/** The parts of `<mcp-message>` (and the renderers inside it) that `<mcp-chat>` re-exports. */
export const MESSAGE_PARTS =
  'message, user-message, assistant-message, role, text, tool-card, tool-summary, tool-name, tool-status, tool-arguments, tool-result, tool-structured, tool-error, tool-progress, tool-stop-button, tool-approve-button, tool-always-button, tool-deny-button, md-code, md-copy-button, md-table, md-blockquote, md-link, md-image, image-button, image, image-dialog, audio, resource-link, resource, resource-text, download-button';

/**
 * The tool-call views of each message, cached so a message gets the same Map
 * object while none of its own calls changed (Lit then skips re-rendering it).
 */
export class MessageViews {
  #cache = new WeakMap<Message, { source: Map<string, ToolCallView>; views: Map<string, ToolCallView> }>();

  /** Views of the calls in `message`, taken from `all` (the session's views of every call). */
  for(message: Message, all: Map<string, ToolCallView>): Map<string, ToolCallView> {
    const cached = this.#cache.get(message);
    const ids = message.content.flatMap((b) => (b.type === 'tool_use' ? [b.id] : []));
    if (cached && (cached.source === all || ids.every((id) => cached.views.get(id) === all.get(id)))) return cached.views;
    const views = new Map(ids.flatMap((id) => (all.has(id) ? [[id, all.get(id)!] as const] : [])));
    this.#cache.set(message, { source: all, views });
    return views;
  }
}

/** Messages the list shows: user messages made only of tool results appear inside their tool cards instead. */
export function visibleMessages(messages: readonly Message[]): Message[] {
  return messages.filter((m) => !(m.role === 'user' && m.content.length > 0 && m.content.every((b) => b.type === 'tool_result')));
}

/** Image files (paste, drop, picker) as MCP image blocks; other files are skipped. */
export async function readImageFiles(files: File[]): Promise<Array<{ type: 'image'; data: string; mimeType: string }>> {
  return Promise.all(
    files
      .filter((f) => f.type.startsWith('image/'))
      .map(async (f) => {
        const bytes = new Uint8Array(await f.arrayBuffer());
        let binary = '';
        for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        return { type: 'image' as const, data: btoa(binary), mimeType: f.type };
      }),
  );
}

/** The header: title, a status chip per server (opens the Servers panel), the panel buttons and New. */
export function renderHeader(chat: McpChat) {
  return html`<header part="header">
    <span part="title" class="title"><slot name="title">Chat</slot></span>
    <span class="servers">
      ${chat.serverSet.connections.map(
        (c) => html`<button
          part="server-status ${c.state}"
          class="server-status ${c.state}"
          title=${c.error?.message ?? c.url}
          aria-label=${`${c.name}: ${c.state}`}
          @click=${() => (chat.panel = 'servers')}
        >
          <span class="dot" aria-hidden="true"></span>${c.name}
        </button>`,
      )}
    </span>
    ${(['conversations', 'resources', 'settings'] as const).map(
      (p) => html`<button part="header-button" aria-pressed=${chat.panel === p ? 'true' : 'false'} @click=${() => (chat.panel = chat.panel === p ? undefined : p)}>
        ${p[0]!.toUpperCase() + p.slice(1)}
      </button>`,
    )}
    <button part="header-button" @click=${() => chat.newConversation()}>New</button>
  </header>`;
}

/** The blocks attached to the next message, each removable. */
export function renderAttachments(chat: McpChat) {
  return chat.attachments.length
    ? html`<div part="attachments" class="attachments">
        ${chat.attachments.map(
          (a, i) => html`<span class="attachment">
            ${a.type === 'image' ? html`<img src=${`data:${a.mimeType};base64,${a.data}`} alt="Attached image" />` : a.type === 'resource' ? a.resource.uri : a.type}
            <button aria-label="Remove attachment" @click=${() => (chat.attachments = chat.attachments.filter((_, j) => j !== i))}>×</button>
          </span>`,
        )}
      </div>`
    : nothing;
}
