/**
 * The person chose to add a server (`<mcp-registry-search>`: an entry of the
 * MCP Registry, with the headers it declares filled in). The fields fit
 * `ChatServerConfig` (`{ url, name, headers }`): `<mcp-chat>` connects it and
 * remembers it; a page using the element alone does what it likes with it.
 * Values of `secretHeaders` are secrets (API keys): keep them as such.
 */
export class McpServerAddEvent extends Event {
  static readonly eventName = 'mcp-server-add' as const;
  /** The server's streamable-http endpoint (an http(s) URL). */
  readonly url: string;
  /** The name for people (the entry's title, else its registry name). */
  readonly name: string;
  /** Headers to send with every request (the entry's declared headers as the person filled them in). */
  readonly headers: Record<string, string>;
  /** Names of the headers in `headers` that are secrets (`isSecret` in the registry). */
  readonly secretHeaders: string[];
  /** Where it came from: the registry entry's name (`io.github.user/weather`) and the registry's address. */
  readonly source?: { registry: string; name: string; version?: string };
  constructor(init: {
    url: string;
    name: string;
    headers?: Record<string, string>;
    secretHeaders?: string[];
    source?: { registry: string; name: string; version?: string };
  }) {
    super(McpServerAddEvent.eventName, { bubbles: true, composed: true });
    this.url = init.url;
    this.name = init.name;
    this.headers = { ...(init.headers ?? {}) };
    this.secretHeaders = [...(init.secretHeaders ?? [])];
    this.source = init.source;
  }

  /** The server as `<mcp-chat>` and `McpConnection` take it: `{ url, name, headers }`. */
  get server(): { url: string; name: string; headers?: Record<string, string> } {
    return { url: this.url, name: this.name, ...(Object.keys(this.headers).length ? { headers: { ...this.headers } } : {}) };
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'mcp-server-add': McpServerAddEvent;
  }
}
