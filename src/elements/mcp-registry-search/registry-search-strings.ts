import type { ProbeBadge } from '../../mcp/probe.js';

/**
 * The interface text of `<mcp-registry-search>`: English by default
 * ({@link REGISTRY_SEARCH_STRINGS_EN}); a page or `<mcp-chat>` in another
 * language sets the element's `strings` to its own table.
 */
export interface RegistrySearchStrings {
  searchLabel: string;
  searchPlaceholder: string;
  searchButton: string;
  searching: string;
  /** How many servers a page shows; `hidden`: those not offered here (stdio only and the like). */
  found(count: number, hidden: number): string;
  noneFound(query: string): string;
  /** After `found`: the registry sent `extra` entries past the `limit` asked for, which are not shown. Optional: English when a table lacks it. */
  overLimit?(extra: number, limit: number): string;
  moreButton: string;
  resultsLabel: string;
  /** The badge of each probe outcome, plus `probing` while it runs. */
  badge: Record<ProbeBadge | 'probing', string>;
  /** The era that answered, after "works here". */
  era(era: 'legacy' | 'modern', version?: string): string;
  checkButton: string;
  addButton: string;
  /** The Add button once the remote was added (it stays focusable; typing new values makes it Add again). */
  addedButton: string;
  added(name: string): string;
  required: string;
  notOffered(transports: string): string;
  deprecated: string;
  website: string;
  repository: string;
  /** A search that failed, in the registry client's words. */
  failed(detail: string): string;
}

/** English, the default table. */
export const REGISTRY_SEARCH_STRINGS_EN: RegistrySearchStrings = {
  searchLabel: 'Search the MCP Registry',
  searchPlaceholder: 'Search servers by name',
  searchButton: 'Search',
  searching: 'Searching…',
  found: (count, hidden) =>
    `${count === 1 ? '1 server' : `${count} servers`} found${hidden ? `; ${hidden} more cannot be used from a web page (they run on a computer) and are not shown` : ''}.`,
  noneFound: (query) => (query ? `No server in the registry matches “${query}”.` : 'The registry lists no server.'),
  overLimit: (extra, limit) => ` The registry sent ${extra.toLocaleString('en')} more than the ${limit} asked for: they are not shown.`,
  moreButton: 'More results',
  resultsLabel: 'Servers in the registry',
  badge: {
    probing: 'checking…',
    works: 'works here',
    'sign-in': 'needs sign-in',
    'needs-key': 'needs a key',
    blocked: 'blocks browsers: needs a proxy',
    unreachable: 'unreachable',
    'not-mcp': 'not an MCP server',
  },
  era: (era, version) => (era === 'modern' ? `MCP ${version ?? '2026-07-28'}` : `MCP ${version ?? '2025-11-25'}`),
  checkButton: 'Check again',
  addButton: 'Add',
  addedButton: 'Added',
  added: (name) => `${name} added.`,
  required: 'required',
  notOffered: (transports) => `Also available as ${transports}, which a web page cannot use.`,
  deprecated: 'Deprecated',
  website: 'Website',
  repository: 'Source',
  failed: (detail) => `The search failed: ${detail}`,
};
