// `<mcp-chat auto>`'s search and what it says (chunks.ts `discoverChunk`): loaded when a chat with `auto` and no server
// first looks, so neither the search nor its sentences are in the chat's first load.
import type { ChatStrings } from '../strings.js';
import type { DiscoveryNote, DiscoveryState } from './contract.js';
// The English of the sentences below (`PanelEnglishKey`): added to the table before this module's code runs.
import '../strings-en-later.js';
import { pathOf } from '../../../mcp/discover.js';

export { discoverSiteServer } from '../../../mcp/discover.js';

/** What a finished search found and how, in the chat's language. */
export function discoveryNote(s: Extract<DiscoveryState, { phase: 'done' }>, t: ChatStrings): DiscoveryNote {
  const r = s.result;
  // A path when it is on the site (what a person recognises on their own site), else the whole address.
  const path = (url: string) => pathOf(url, s.origin);
  if (r.found) return { sentence: t.discoveryFound(r.how, path(r.url), path(r.source)), none: false };
  const tried = r.tried.length ? t.discoveryTried(r.tried.map((a) => path(a.url)).join(', ')) : undefined;
  if (r.aborted) return { sentence: t.discoveryStopped, tried, none: true };
  // No attempt at all: the origin is not a web one (its English sentence says which).
  return { sentence: r.tried.length ? t.discoveryNone : `${t.discoveryNone} ${r.sentence}`, tried, none: true };
}
