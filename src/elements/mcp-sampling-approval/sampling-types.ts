import type { ModelProvider } from '../../providers/index.js';

/**
 * What the sampling approval needs of a model provider: its `createMessage`
 * (`ModelProvider` in `src/providers/`). A page's own adapter fits too.
 */
export type SamplingProvider = Pick<ModelProvider, 'createMessage'>;

/** How a person wants a server's sampling requests handled. */
export const SamplingPolicy = {
  /** Show every request and answer (the default). */
  Ask: 'ask',
  /** Run the model without asking; the exchange is still logged. */
  Auto: 'auto',
  /** Refuse every request from this server. */
  Never: 'never',
} as const;
/** One of {@link SamplingPolicy}. */
export type SamplingPolicy = (typeof SamplingPolicy)[keyof typeof SamplingPolicy];

/** True for a known policy name. */
export const isSamplingPolicy = (value: unknown): value is SamplingPolicy =>
  value === SamplingPolicy.Ask || value === SamplingPolicy.Auto || value === SamplingPolicy.Never;

/**
 * One sampling exchange as the history store's activity log takes it
 * (`HistoryStore.appendActivity`): the request as sent after the person's
 * edits and the answer as returned (or the JSON-RPC error the server got),
 * linked to the tool call that caused it.
 */
export interface SamplingActivity {
  conversationId: string;
  kind: 'sampling';
  /** The tool_use id of the tool call during which the server asked, when known. */
  toolUseId?: string;
  /** The server that asked: its address, origin + path (`serverKey`). */
  server?: string;
  request: { method: 'sampling/createMessage'; params: Record<string, unknown> };
  response: { result: Record<string, unknown> } | { error: { code: number; message: string } };
  requestedAt: number;
  respondedAt: number;
  /** Who decided: the person, the server's policy (auto-approve / never), or the pre-check that refused it. */
  decidedBy: 'person' | 'policy' | 'check';
  /** The model that answered, when one did. */
  model?: string;
  [key: string]: unknown;
}

/**
 * Where exchanges are logged: the history store, or anything with its
 * `appendActivity`. `createConversation` is used once when no conversation id
 * is configured (a page without a chat), to hold the activity.
 */
export interface SamplingActivityStore {
  appendActivity(activity: SamplingActivity): Promise<unknown>;
  createConversation?(init?: { title?: string }): Promise<{ id: string }>;
}
