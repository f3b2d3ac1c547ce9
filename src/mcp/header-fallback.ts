/**
 * Servers whose CORS refuses the optional MCP request headers (n8n-mcp allows
 * only `Content-Type, Authorization, Accept, Mcp-Session-Id`). A browser
 * cannot send a header the preflight does not allow, so such a server is
 * unusable from a page unless the client leaves those headers off. What each
 * one costs:
 *
 * - `Mcp-Method`, `Mcp-Name`: required by 2026-07-28 Streamable HTTP. Without
 *   them the connection talks 2025-11-25 (session, `initialize`).
 * - `MCP-Protocol-Version`: 2026-07-28 requires it too. 2025-06-18 and later
 *   say a client MUST send it after the handshake, and a server that does not
 *   receive it SHOULD assume `2025-03-26` (Streamable HTTP, "Protocol Version
 *   Header"): the fallback this client relies on. The server may then refuse
 *   what is newer than 2025-03-26.
 * - `Last-Event-ID`: a broken event stream cannot be resumed; what the server
 *   sent meanwhile is lost.
 * - `Mcp-Param-*`: a 2026 server may refuse the calls of tools that route by them.
 * - A page's own header (`config.headers`): not sent; the server may refuse
 *   requests that need it.
 *
 * `Content-Type`, `Accept`, `Mcp-Session-Id` and `Authorization` are never
 * dropped: without them nothing works, and the CORS diagnosis says so.
 */

/** The MCP request headers a connection can do without (lower case). */
export const OPTIONAL_MCP_HEADERS = ['mcp-protocol-version', 'mcp-method', 'mcp-name', 'last-event-id'] as const;

/** Headers that are never dropped (lower case). */
const REQUIRED_HEADERS = new Set(['content-type', 'accept', 'mcp-session-id', 'authorization']);

/** Headers without which the 2026-07-28 era cannot be used. */
const MODERN_NEEDS = new Set(['mcp-protocol-version', 'mcp-method', 'mcp-name']);

/** What one dropped header costs, as a code (for your own wording) and in English. */
export const DegradationCost = {
  /** Talks 2025-11-25 instead of 2026-07-28. */
  NoModernEra: 'no-modern-era',
  /** The server assumes 2025-03-26 after the handshake. */
  NoVersionHeader: 'no-version-header',
  /** Broken event streams are not resumed. */
  NoResume: 'no-resume',
  /** Tools that route by `Mcp-Param-*` may be refused. */
  NoParamHeaders: 'no-param-headers',
  /** A header the page configured is not sent. */
  CustomHeaderDropped: 'custom-header-dropped',
} as const;
/** One of {@link DegradationCost}. */
export type DegradationCost = (typeof DegradationCost)[keyof typeof DegradationCost];

/**
 * How a connection works around a server's CORS (`McpConnection.degraded`):
 * the request headers it leaves off and what that costs. Show it in the
 * Servers panel; `reason` is a sentence in English.
 */
export interface McpDegradation {
  /** Request headers this connection does not send (lower case; `mcp-param-*` for all of those). */
  droppedHeaders: string[];
  /** What that costs, one code each (see {@link DegradationCost}). */
  costs: DegradationCost[];
  /** One English sentence for people. */
  reason: string;
}

/** Whether a connection can leave `header` (lower case) off. */
export function isDroppable(header: string): boolean {
  return !REQUIRED_HEADERS.has(header);
}

/** Whether the 2026-07-28 era is out of reach with these headers dropped. */
export function needsLegacy(dropped: ReadonlySet<string>): boolean {
  return [...dropped].some((h) => MODERN_NEEDS.has(h));
}

/** The degradation of a connection to `host` that leaves `dropped` off. */
export function describeDegradation(host: string, dropped: ReadonlySet<string>): McpDegradation {
  const headers = [...dropped].sort();
  const costs: DegradationCost[] = [];
  const words: string[] = [];
  if (needsLegacy(dropped)) {
    costs.push(DegradationCost.NoModernEra);
    words.push('no 2026-07-28 era: it uses 2025-11-25');
  }
  if (dropped.has('mcp-protocol-version')) {
    costs.push(DegradationCost.NoVersionHeader);
    words.push('the server is not told the protocol version, so it assumes 2025-03-26 and may refuse newer features');
  }
  if (dropped.has('last-event-id')) {
    costs.push(DegradationCost.NoResume);
    words.push('a broken event stream cannot be resumed, so messages sent meanwhile are lost');
  }
  if (dropped.has('mcp-param-*')) {
    costs.push(DegradationCost.NoParamHeaders);
    words.push('tools that route by Mcp-Param-* headers may be refused');
  }
  const custom = headers.filter((h) => !(OPTIONAL_MCP_HEADERS as readonly string[]).includes(h) && h !== 'mcp-param-*');
  if (custom.length > 0) {
    costs.push(DegradationCost.CustomHeaderDropped);
    words.push(
      `${custom.map(display).join(', ')} ${custom.length > 1 ? 'are' : 'is'} not sent, so requests that need ${custom.length > 1 ? 'them' : 'it'} may be refused`,
    );
  }
  const names = headers.map(display).join(', ');
  return {
    droppedHeaders: headers,
    costs,
    reason: `The CORS policy of ${host} does not allow the request header${headers.length > 1 ? 's' : ''} ${names}, so this page connects without ${headers.length > 1 ? 'them' : 'it'}: ${words.join('; ')}. The server's owner can add ${headers.length > 1 ? 'them' : 'it'} to Access-Control-Allow-Headers.`,
  };
}

/** `mcp-protocol-version` → `MCP-Protocol-Version`, `mcp-param-*` → `Mcp-Param-*`. */
function display(header: string): string {
  if (header === 'mcp-protocol-version') return 'MCP-Protocol-Version';
  if (header === 'last-event-id') return 'Last-Event-ID';
  return header.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase());
}
