// The discovery feature's leaf contract: what its controller (chat-discovery.ts) and its lazy code
// (discovery.chunk.ts) share, so neither imports the other.
import type { DiscoveryResult } from '../../../mcp/discover.js';

/** Where the search is: not asked for, looking, or done (with what it found). */
export type DiscoveryState =
  { phase: 'off' } | { phase: 'looking'; origin: string } | { phase: 'done'; origin: string; result: DiscoveryResult };

/** What the Servers panel says of the search: one sentence, and the addresses looked at when nothing was found. */
export interface DiscoveryNote {
  sentence: string;
  tried?: string;
  /** Nothing was found (drawn as a calm notice, not an error). */
  none: boolean;
}
