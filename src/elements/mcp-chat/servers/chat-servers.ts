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
import type { addServer, removeServer, restoreServer } from './server-edit-actions.js';
import type { Loader } from '../../shared/lazy.js';
import type { McpServerAddEvent } from '../../../events/server-add.js';
import type { DiscoveryNote } from '../discovery/chat-discovery.js';
import { ChatTrace, type ChatTraceHost } from './chat-trace.js';
import type { TraceDocument } from '../../../mcp/trace.js';
import type { Root } from '../../../mcp/input-types.js';
import { onNextFrame } from '../../../mcp/frame-batch.js';

/** The Servers panel's code (in the panels' chunk): its view and the person's edits of the list. */
export interface ServersPanelCode {
  renderServersPanel: typeof renderServersPanel;
  addServer: typeof addServer;
  removeServer: typeof removeServer;
  restoreServer: typeof restoreServer;
}

/** What the servers feature needs from the element: its own narrow closures (see docs/architecture.md). */
export interface ChatServersHost extends ServerEditsHost, ServerLogsHost, ChatTraceHost {
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
  /** The element's `registry`: the MCP Registry the panel searches. */
  readonly registry: string;
  /** The element's `theme`, passed to the registry search. */
  readonly theme: 'light' | 'dark' | undefined;
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
  readonly #trace: ChatTrace;
  readonly #lastStates = new Map<string, string>();
  /** `<mcp-registry-search>`'s code (defines the element), loaded when the registry section is first opened. */
  readonly #registryCode: Loader<unknown> | undefined;
  #registryOpen = false;

  constructor(host: ChatServersHost, registryCode?: Loader<unknown>) {
    this.#host = host;
    this.#registryCode = registryCode;
    this.#edits = new ServerEdits(host);
    this.#logs = new ServerLogs(host);
    this.#trace = new ChatTrace(host);
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
    this.#repaint?.();
    this.#repaint = undefined;
    this.#pending = false;
  }

  /** The servers to connect: the page's, with the person's additions and removals (none with `fixed-servers`). */
  list(): ChatServer[] {
    return this.#edits.list([...this.#host.pageServers]);
  }

  /**
   * The element's properties changed: reload the edits for another `storage-key`, connect the new list, share new
   * `roots`, turn the trace on or off (`no-trace`).
   */
  propertiesChanged(changed: { storageKey: boolean; servers: boolean; roots?: readonly Root[]; tracing?: boolean }): void {
    if (changed.storageKey) this.#edits.load();
    if (changed.servers || changed.storageKey) this.#set.setServers(this.list());
    if (changed.roots) void this.#set.setRoots(changed.roots);
    if (changed.tracing !== undefined) this.#set.setTracing(changed.tracing);
  }

  /** Connects again (the element was put back on the page after a removal). */
  reconnect(): void {
    if (this.#set.connections.length === 0) this.#set.setServers(this.list());
  }

  /** Ends the current frame's window (see `#onChange`); while set, a change waits for the next frame. */
  #repaint?: () => void;
  /** A change came after this frame's repaint: the next frame repaints. */
  #pending = false;

  #onChange = () => {
    for (const c of this.#set.connections) {
      if (this.#lastStates.get(c.url) === c.state) continue;
      this.#lastStates.set(c.url, c.state);
      this.#host.dispatchEvent(
        new McpServerChangeEvent({ url: c.url, name: c.name, state: c.state, era: c.getProtocolEra(), diagnosis: c.error?.message }),
      );
    }
    // At most two repaints per frame however many servers changed in it (twenty servers connecting send
    // about a hundred changes, each in a task of its own; issue 42): the first change of a frame at once
    // (one server's change shows without waiting for a frame), the later ones together at the next frame.
    if (this.#repaint) {
      this.#pending = true;
      return;
    }
    this.#host.requestUpdate();
    this.#repaint = onNextFrame(() => {
      this.#repaint = undefined;
      if (!this.#pending) return;
      this.#pending = false;
      this.#host.requestUpdate();
    });
  };

  /** The session trace as one JSON document (docs/trace.md), or `undefined` when none is recorded. */
  exportTrace(): TraceDocument | undefined {
    return this.#trace.export();
  }

  /** "Sign in to <server>" (a popup), said in the live region or as an error. */
  signIn(connection: McpConnection): void {
    void signIn(connection, this.#sign());
  }

  #sign() {
    const host = this.#host;
    return {
      text: host.text,
      announce: (text: string) => host.announce(text),
      reportError: (source: 'server', message: string, error: unknown) => host.reportError(source, message, error),
    };
  }

  /** Opens or closes "Add from the MCP Registry"; its element's code loads when first opened. */
  #toggleRegistry(open: boolean): void {
    this.#registryOpen = open;
    this.#host.requestUpdate();
    if (open && this.#registryCode && !this.#registryCode.value) {
      void this.#registryCode.load().then(
        () => this.#host.requestUpdate(),
        () => this.#host.requestUpdate(),
      );
    }
  }

  /** The Servers panel, drawn with its code (in the panels' chunk, with the person's edits). `discovery`: what `auto` found and how. */
  renderPanel(code: ServersPanelCode, toolSelection: ToolSelection | undefined, lang: string | undefined, discovery?: DiscoveryNote) {
    const host = this.#host;
    const logs = this.#logs;
    const edits = this.#edits;
    return code.renderServersPanel(
      {
        connections: this.#set.connections,
        toolSelection,
        lang,
        text: host.text,
        editable: !host.fixedServers,
        add: edits.add,
        removed: edits.removedOf([...host.pageServers]),
        nameOf: (c) => this.#set.nameOf(c),
        discovery,
        canExportTrace: Boolean(this.#set.hub?.trace),
        registry: {
          registry: host.registry,
          open: this.#registryOpen,
          ready: Boolean(this.#registryCode?.value),
          loadError: this.#registryCode?.error?.message,
          theme: host.theme,
          keysRemembered: host.allowKeyStorage,
          add: edits.add,
        },
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
          void code.addServer(edits.state, url).then((added) => {
            const input = host.addressField();
            if (added && input) input.value = '';
          }),
        removeServer: (c) => {
          code.removeServer(edits.state, c);
          // Focus stays in the panel: on the next server's remove button, else the address field.
          host.focus('[part~="remove-server-button"], .add-server input');
        },
        restoreServer: (url) => {
          code.restoreServer(edits.state, url);
          host.focus('.add-server input');
        },
        editAddress: () => edits.clearError(),
        setLogLevel: (c, level) => void logs.setLevel(c, level),
        clearLog: (c) => logs.clear(c),
        exportTrace: () => void this.#trace.download(),
        registry: {
          toggle: (open) => this.#toggleRegistry(open),
          // A remote chosen in the registry search: tried, kept once it connects (its secret values kept like API keys).
          add: (event: McpServerAddEvent) => void code.addServer(edits.state, { ...event.server, secretHeaders: event.secretHeaders }),
          retry: () => this.#toggleRegistry(true),
        },
      },
    );
  }
}
