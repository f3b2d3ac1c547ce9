import { createRequestStateCodec, type RequestStateCodec } from '@modelcontextprotocol/server';

/** Which protocol era one server instance serves: 2025 sessions or 2026-07-28 requests. */
export type Era = 'legacy' | 'modern';

/** What `requestState` carries for a multi-round tool on 2026-07-28 (HMAC-sealed). */
export interface StoredFlow {
  /** The tool whose flow minted the state; state minted by one tool is refused by another. */
  flow: string;
  state: unknown;
}

/** One line of the `demo://activity` resource: what a tool run did. */
export interface ActivityEntry {
  tool: string;
  era: Era;
  status: 'completed' | 'cancelled' | 'failed';
  detail: string;
  at: string;
}

/** A URL flow the demo server is waiting on: done once its callback page is visited. */
export interface UrlFlow {
  visited: boolean;
  /** Run when the callback page is visited (2025: sends `notifications/elicitation/complete`). */
  onVisit: Array<() => void>;
}

/**
 * State shared by every server instance of one demo server: the 2025 sessions'
 * instances and the per-request 2026 instances alike. Lives as long as
 * `startDemoServer` and is dropped by `close()`.
 */
export interface DemoState {
  /** `http://127.0.0.1:PORT`, used to build callback URLs. */
  origin: string;
  notes: Map<string, { title: string; text: string }>;
  counter: number;
  activity: ActivityEntry[];
  urlFlows: Map<string, UrlFlow>;
  codec: RequestStateCodec<StoredFlow>;
  /** Aborts when the demo server closes: parked waits end with it. */
  closing: AbortSignal;
  /** Sends `notifications/resources/updated` to subscribers of `uri` in both eras. */
  resourceUpdated(uri: string): Promise<void>;
  /** Sends `notifications/resources/list_changed` to everyone listening, both eras. */
  resourcesChanged(): Promise<void>;
}

/** The seed notes behind `demo://notes/{id}`. */
export function seedNotes(): Map<string, { title: string; text: string }> {
  return new Map([
    ['1', { title: 'Shopping list', text: 'Milk, eggs, coffee beans, a new notebook.' }],
    ['2', { title: 'Meeting notes', text: 'Ship the demo server; ask about the release date.' }],
    ['3', { title: 'Ideas', text: 'A tic-tac-toe game played through sampling and elicitation.' }],
  ]);
}

/** Creates the shared state; `resourceUpdated` and `resourcesChanged` are wired by the HTTP layer. */
export function createDemoState(origin: string, closing: AbortSignal): DemoState {
  return {
    origin,
    notes: seedNotes(),
    counter: 0,
    activity: [],
    urlFlows: new Map(),
    // A per-process key: requestState only has to survive between the rounds
    // of one tool call against this process.
    codec: createRequestStateCodec<StoredFlow>({ key: crypto.getRandomValues(new Uint8Array(32)), ttlSeconds: 1800 }),
    closing,
    resourceUpdated: async () => undefined,
    resourcesChanged: async () => undefined,
  };
}

/** Appends to the activity log (kept to the last 50 entries). */
export function recordActivity(state: DemoState, entry: Omit<ActivityEntry, 'at'>): void {
  state.activity.push({ ...entry, at: new Date().toISOString() });
  if (state.activity.length > 50) state.activity.splice(0, state.activity.length - 50);
}

/** Registers (or returns) the URL flow with this id. */
export function urlFlow(state: DemoState, id: string): UrlFlow {
  let flow = state.urlFlows.get(id);
  if (!flow) {
    flow = { visited: false, onVisit: [] };
    state.urlFlows.set(id, flow);
  }
  return flow;
}

/** The callback page for a URL flow, served by the demo server itself. */
export function callbackUrl(state: DemoState, id: string): string {
  return `${state.origin}/elicitation/callback?id=${encodeURIComponent(id)}`;
}
