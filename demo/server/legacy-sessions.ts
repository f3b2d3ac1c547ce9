import { isInitializeRequest, WebStandardStreamableHTTPServerTransport, type McpServer } from '@modelcontextprotocol/server';
import { buildDemoServer } from './build-server.js';
import type { DemoState } from './demo-state.js';

interface LegacySession {
  server: McpServer;
  transport: WebStandardStreamableHTTPServerTransport;
  /** Resource URIs this session subscribed to with `resources/subscribe`. */
  subscriptions: Set<string>;
}

function jsonError(status: number, code: number, message: string): Response {
  return Response.json({ jsonrpc: '2.0', error: { code, message }, id: null }, { status });
}

/**
 * The 2025-11-25 side: one `WebStandardStreamableHTTPServerTransport` and one
 * `McpServer` per session, keyed by `Mcp-Session-Id`, so the server can push
 * sampling, elicitation and roots requests and send notifications at any
 * time. An unknown session id answers 404 (the client then re-initializes).
 */
export class LegacySessions {
  readonly #sessions = new Map<string, LegacySession>();
  readonly #state: DemoState;

  constructor(state: DemoState) {
    this.#state = state;
  }

  /** How many sessions are open. */
  get size(): number {
    return this.#sessions.size;
  }

  /** Serves one 2025-era HTTP request (POST, GET stream, DELETE). */
  async handle(request: Request): Promise<Response> {
    const sessionId = request.headers.get('mcp-session-id');
    if (sessionId) {
      const session = this.#sessions.get(sessionId);
      if (!session) return jsonError(404, -32001, 'Session not found');
      return session.transport.handleRequest(request);
    }
    if (request.method !== 'POST') return jsonError(400, -32000, 'Bad Request: Mcp-Session-Id header is required');
    const body: unknown = await request
      .clone()
      .json()
      .catch(() => undefined);
    const messages = Array.isArray(body) ? body : [body];
    if (!messages.some((m) => isInitializeRequest(m))) {
      return jsonError(400, -32000, 'Bad Request: no session; start one with initialize');
    }
    const session = await this.#open();
    return session.transport.handleRequest(request, { parsedBody: body });
  }

  async #open(): Promise<LegacySession> {
    const server = buildDemoServer({ era: 'legacy', state: this.#state });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      onsessioninitialized: (id) => {
        this.#sessions.set(id, session);
      },
      onsessionclosed: (id) => {
        this.#sessions.delete(id);
      },
    });
    const session: LegacySession = { server, transport, subscriptions: new Set() };
    server.server.setRequestHandler('resources/subscribe', (req) => {
      session.subscriptions.add(req.params.uri);
      return {};
    });
    server.server.setRequestHandler('resources/unsubscribe', (req) => {
      session.subscriptions.delete(req.params.uri);
      return {};
    });
    transport.onclose = () => {
      if (transport.sessionId) this.#sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    return session;
  }

  /** `notifications/resources/updated` to the sessions subscribed to `uri`. */
  async resourceUpdated(uri: string): Promise<void> {
    await Promise.allSettled(
      [...this.#sessions.values()].filter((s) => s.subscriptions.has(uri)).map((s) => s.server.server.sendResourceUpdated({ uri })),
    );
  }

  /** `notifications/resources/list_changed` to every session. */
  async resourcesChanged(): Promise<void> {
    await Promise.allSettled([...this.#sessions.values()].map((s) => s.server.sendResourceListChanged()));
  }

  /** Ends every session: open streams close and pending requests to clients are abandoned. */
  async closeAll(): Promise<void> {
    const sessions = [...this.#sessions.values()];
    this.#sessions.clear();
    await Promise.allSettled(sessions.map((s) => s.server.close()));
  }
}
