/**
 * The small pattern language of the `page-tools` and `publish-tools`
 * attributes: entries separated by spaces or commas; `*` matches any run of
 * characters and `?` one; `-entry` denies; `server:tool` names a tool of one
 * server (the server's name or host, the last `:` separates). Pure functions.
 *
 * - `page-tools="search_* -checkout"`: the page's tools whose name starts
 *   with `search_`, except `checkout`.
 * - `publish-tools="forecast, docs:search"`: the tool `forecast` of any
 *   server, and `search` of the server named `docs`.
 */

/** One entry of a pattern list. */
export interface ToolPattern {
  /** The server part of `server:tool`, if given. */
  server?: string;
  /** The tool part (may hold `*` / `?`). */
  tool: string;
  /** True when neither part holds a wildcard: the entry names one tool exactly. */
  explicit: boolean;
}

/** A parsed pattern list: what is allowed (empty = everything) and what is denied. */
export interface ToolPatterns {
  allow: ToolPattern[];
  deny: ToolPattern[];
}

const isWild = (text: string) => /[*?]/.test(text);

/** Parses a pattern list (see the module comment). Empty entries are ignored; a lone `*` allows everything. */
export function parseToolPatterns(spec: string | null | undefined): ToolPatterns {
  const patterns: ToolPatterns = { allow: [], deny: [] };
  for (const raw of (spec ?? '').split(/[\s,]+/)) {
    const deny = raw.startsWith('-') || raw.startsWith('!');
    const entry = raw.replace(/^[-!+]/, '');
    if (!entry) continue;
    const colon = entry.lastIndexOf(':');
    const server = colon > 0 ? entry.slice(0, colon) : undefined;
    const tool = colon > 0 ? entry.slice(colon + 1) || '*' : entry;
    const pattern: ToolPattern = { tool, explicit: !isWild(tool) && !(server !== undefined && isWild(server)) };
    if (server !== undefined) pattern.server = server;
    (deny ? patterns.deny : patterns.allow).push(pattern);
  }
  return patterns;
}

const cache = new Map<string, RegExp>();

/** True when `text` matches the glob `pattern` (`*`, `?`; case-sensitive unless `ignoreCase`). */
export function globMatch(pattern: string, text: string, ignoreCase = false): boolean {
  const key = `${ignoreCase ? 'i' : 's'}${pattern}`;
  let re = cache.get(key);
  if (!re) {
    const body = pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.');
    re = new RegExp(`^${body}$`, ignoreCase ? 'i' : '');
    if (cache.size > 500) cache.clear();
    cache.set(key, re);
  }
  return re.test(text);
}

/** What a pattern is matched against: the tool's own name, and its server's names (name, host). */
export interface PatternSubject {
  tool: string;
  servers?: readonly string[];
}

/** True when `pattern` matches the subject (a pattern with a server part needs one of the subject's server names to match it, ignoring case). */
export function patternMatches(pattern: ToolPattern, subject: PatternSubject): boolean {
  if (!globMatch(pattern.tool, subject.tool)) return false;
  if (pattern.server === undefined) return true;
  return (subject.servers ?? []).some((s) => globMatch(pattern.server!, s, true));
}

/**
 * How a subject fares against a pattern list: `denied` (a deny entry
 * matches), `explicit` (an allow entry names it exactly), `wildcard` (only
 * an allow entry with a wildcard matches, or the list allows everything), or
 * `none`.
 */
export function matchPatterns(patterns: ToolPatterns, subject: PatternSubject): 'denied' | 'explicit' | 'wildcard' | 'none' {
  if (patterns.deny.some((p) => patternMatches(p, subject))) return 'denied';
  if (!patterns.allow.length) return 'wildcard';
  const matching = patterns.allow.filter((p) => patternMatches(p, subject));
  if (matching.some((p) => p.explicit)) return 'explicit';
  return matching.length ? 'wildcard' : 'none';
}

/** A filter for page tools: a pattern list (see {@link parseToolPatterns}) or a function of the tool. */
export type PageToolFilter = string | ((tool: { name: string; title?: string; origin?: string }) => boolean);

/**
 * The predicate of a {@link PageToolFilter}: a string is parsed once (empty
 * or absent allows every tool); a function is called per tool, and a tool it
 * throws for is left out.
 */
export function pageToolPredicate(
  filter: PageToolFilter | null | undefined,
): (tool: { name: string; title?: string; origin?: string }) => boolean {
  if (typeof filter === 'function') {
    return (tool) => {
      try {
        return filter(tool) === true;
      } catch {
        return false;
      }
    };
  }
  const patterns = parseToolPatterns(filter);
  return (tool) => {
    const match = matchPatterns(patterns, { tool: tool.name });
    return match === 'explicit' || match === 'wildcard';
  };
}
