import type { ReactiveController } from 'lit';
import { McpServerChangeEvent } from '../../../events/server-change.js';
import type { McpConnection } from '../../../mcp/connection.js';
import type { ToolSelection } from '../../../agent/types.js';
import type { ChatErrorSource } from '../contract.js';
import type { ChatStrings } from '../strings.js';
import { signIn, signOut } from './auth.js';
import type { ServerSet, ChatServer } from './server-set.js';
import { ServerEdits, type ServerEditsHost } from './server-edits.js';
import { ServerLogs, type ServerLogsHost } from './server-logs.js';
import type { renderServersPanel } from './servers-panel.js';

/** What the servers feature needs from the element: its own narrow closures (see docs/architecture.md). */
export interface ChatServersHost extends ServerEditsHost, ServerLogsHost {
  /** The element's `server` and `servers`, in that order. */
  readonly pageServers: readonly ChatServer[];
  /** The chat's interface text (strings table). */
  readonly text: ChatStrings;
  reportError(source: ChatErrorSource, message: string, error: unknown): void;
  /** Fires an event on the element (`mcp-server-change`). */
  dispatchEvent(event: Event): boolean;
  /** Focuses what `selector` finds in the chat once it has updated. */
  focus(selector: string): void;
  /** The Servers panel's address field, if shown. */
  addressField(): HTMLInputElement | undefined;
}

/**
 * The servers feature: the person's edits to the page's servers (added,
 * removed, remembered per `storage-key`), their log messages, sign-in and
 * sign-out, `mcp-server-change` when one changes state, and the Servers
 * panel. It owns that state and repaints the chat when it changes (a Lit
 * reactive controller, the chat's one way; docs/architecture.md).
 */
export class ChatServers implements ReactiveController {
  readonly #host: ChatServersHost;
  readonly #edits: ServerEdits;
  readonly #logs: ServerLogs;
  readonly #lastStates = new Map<string, string>();

  constructor(host: ChatServersHost) {
    this.#host = host;
    this.#edits = new ServerEdits(host);
    this.#logs = new ServerLogs(host);
    host.addController(this);
  }

  get #set(): ServerSet {
    return this.#host.servers;
  }

  hostConnected(): void {
    this.#set.addEventListener('change', this.#onChange);
  }

  hostDisconnected(): void {
    this.#set.removeEventListener('change', this.#onChange);
  }

  /** The servers to connect: the page's, with the person's additions and removals (none with `fixed-servers`). */
  list(): ChatServer[] {
    return this.#edits.list([...this.#host.pageServers]);
  }

  /** The element's properties changed: reload the edits for another `storage-key`, connect the new list. */
  propertiesChanged(changed: { storageKey: boolean; servers: boolean }): void {
    if (changed.storageKey) this.#edits.load();
    if (changed.servers || changed.storageKey) this.#set.setServers(this.list());
  }

  /** Connects again (the element was put back on the page after a removal). */
  reconnect(): void {
    if (this.#set.connections.length === 0) this.#set.setServers(this.list());
  }

  #onChange = () => {
    for (const c of this.#set.connections) {
      if (this.#lastStates.get(c.url) === c.state) continue;
      this.#lastStates.set(c.url, c.state);
      this.#host.dispatchEvent(new McpServerChangeEvent({ url: c.url, name: c.name, state: c.state, era: c.getProtocolEra(), diagnosis: c.error?.message }));
    }
    this.#host.requestUpdate();
  };

  /** "Sign in to <server>" (a popup), said in the live region or as an error. */
  signIn(connection: McpConnection): void {
    void signIn(connection, this.#sign());
  }

  #sign() {
    const host = this.#host;
    return { text: host.text, announce: (text: string) => host.announce(text), reportError: (source: 'server', message: string, error: unknown) => host.reportError(source, message, error) };
  }

  /** The Servers panel, drawn with its code (in the panels' chunk). */
  renderPanel(render: typeof renderServersPanel, toolSelection: ToolSelection | undefined, lang: string | undefined) {
    const host = this.#host;
    const logs = this.#logs;
    const edits = this.#edits;
    return render(
      {
        connections: this.#set.connections,
        toolSelection,
        lang,
        text: host.text,
        editable: !host.fixedServers,
        add: edits.add,
        removed: edits.removedOf([...host.pageServers]),
        nameOf: (c) => this.#set.nameOf(c),
        logOf: (c) => ({
          shown: logs.shown(c),
          total: logs.all(c).length,
          level: logs.levelOf(c),
          canSetLevel: logs.canSetLevel(c),
          levelPerRequest: c.getProtocolEra() === 'modern',
        }),
      },
      {
        signIn: (c: McpConnection) => this.signIn(c),
        signOut: (c: McpConnection) => void signOut(c, this.#sign()),
        addServer: (url) =>
          void edits.addServer(url).then((added) => {
            const input = host.addressField();
            if (added && input) input.value = '';
          }),
        removeServer: (c) => {
          edits.remove(c);
          // Focus stays in the panel: on the next server's remove button, else the address field.
          host.focus('[part~="remove-server-button"], .add-server input');
        },
        restoreServer: (url) => {
          edits.restore(url);
          host.focus('.add-server input');
        },
        editAddress: () => edits.clearError(),
        setLogLevel: (c, level) => void logs.setLevel(c, level),
        clearLog: (c) => logs.clear(c),
      },
    );
  }
}
