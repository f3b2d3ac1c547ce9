import type { Message, TextBlock, ToolResultBlock } from './types.js';

/**
 * A page an answer was built on: taken from the tool results of its turn,
 * never from the model's text. `n` is its number in the turn (1, 2, ...), the
 * number the model is asked to cite it by.
 */
export interface AnswerSource {
  n: number;
  /** An http(s) address. */
  url: string;
  /** The result's title for it (or its name; else the page's path). */
  title: string;
  /** The address's host, as people read it (`docs.example.com`). */
  host: string;
  /** The address's path and fragment (`/guides/auth#tokens`), `/` for the home page. */
  page: string;
}

/** At most this many sources per answer (a search returning fifty hits shows ten). */
export const MAX_SOURCES = 10;
const MAX_TITLE = 120;

/** An http(s) URL, normalized; undefined for anything else (other schemes, garbage). */
function pageUrl(raw: unknown): URL | undefined {
  if (typeof raw !== 'string' || raw.length > 2048) return undefined;
  try {
    const url = new URL(raw.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    if (url.username || url.password) return undefined;
    return url;
  } catch {
    return undefined;
  }
}

function cleanTitle(raw: unknown): string {
  const text =
    typeof raw === 'string'
      ? raw
          .replace(/[\u0000-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()
      : '';
  return text.length > MAX_TITLE ? `${text.slice(0, MAX_TITLE - 1)}…` : text;
}

type Found = { url: URL; title: string };

/** Pages in a text block written as `Title: …` then `Link: https://…` (Mintlify's docs search). */
function fromText(block: TextBlock, out: Found[]): void {
  let title = '';
  for (const line of block.text.split('\n')) {
    const t = /^\s*(?:#+\s*)?Title:\s*(.+)$/i.exec(line);
    if (t) {
      title = t[1]!;
      continue;
    }
    const l = /^\s*(?:Link|URL|Source):\s*<?(\S+?)>?\s*$/i.exec(line);
    const url = l && pageUrl(l[1]);
    if (url) {
      out.push({ url, title });
      title = '';
    }
  }
}

/** Pages in structured content: an object with `url` (or `link`, `href`), or arrays of them one level down. */
function fromStructured(value: Record<string, unknown>, out: Found[]): void {
  const one = (item: unknown) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) return;
    const o = item as Record<string, unknown>;
    const url = pageUrl(o.url ?? o.link ?? o.href);
    if (url) out.push({ url, title: String(o.title ?? o.name ?? '') });
  };
  one(value);
  for (const v of Object.values(value)) if (Array.isArray(v)) for (const item of v.slice(0, 50)) one(item);
}

/**
 * The pages one tool result points to, in its order: resource links and
 * embedded resources with http(s) addresses, structured content items with a
 * `url`, and `Title:`/`Link:` lines of text. Failed calls give none.
 */
export function resultPages(result: ToolResultBlock): Array<{ url: string; title: string }> {
  if (result.isError) return [];
  const found: Found[] = [];
  for (const block of Array.isArray(result.content) ? result.content : []) {
    if (!block || typeof block !== 'object') continue;
    if (block.type === 'resource_link') {
      const url = pageUrl(block.uri);
      if (url) found.push({ url, title: String(block.title ?? block.name ?? '') });
    } else if (block.type === 'resource') {
      const url = pageUrl(block.resource?.uri);
      if (url)
        found.push({
          url,
          title: String((block.resource as { title?: unknown; name?: unknown }).title ?? (block.resource as { name?: unknown }).name ?? ''),
        });
    } else if (block.type === 'text' && typeof block.text === 'string') {
      fromText(block, found);
    }
  }
  if (result.structuredContent && typeof result.structuredContent === 'object') fromStructured(result.structuredContent, found);
  return found.map(({ url, title }) => ({ url: url.href, title: cleanTitle(title) }));
}

/** A message the person wrote (not one carrying only tool results). */
export function isQuestion(m: Message): boolean {
  return m.role === 'user' && !(m.content.length > 0 && m.content.every((b) => b?.type === 'tool_result'));
}

/**
 * Numbers pages in order of first appearance (one number per address) and
 * calls `each` with each result and its numbered pages, so the model's
 * numbering and the chips' agree.
 */
export function numberPages(
  results: readonly ToolResultBlock[],
  each?: (result: ToolResultBlock, sources: AnswerSource[]) => void,
): AnswerSource[] {
  const all: AnswerSource[] = [];
  const byUrl = new Map<string, AnswerSource>();
  for (const result of results) {
    const mine: AnswerSource[] = [];
    for (const page of resultPages(result)) {
      let source = byUrl.get(page.url);
      if (!source && all.length < MAX_SOURCES) {
        const url = new URL(page.url);
        const path = decodeSafe(url.pathname + url.hash);
        source = { n: all.length + 1, url: page.url, title: page.title || path, host: url.host, page: path };
        byUrl.set(page.url, source);
        all.push(source);
      }
      if (source && !mine.includes(source)) mine.push(source);
    }
    each?.(result, mine);
  }
  return all;
}

function decodeSafe(path: string): string {
  try {
    return cleanTitle(decodeURI(path)) || '/';
  } catch {
    return cleanTitle(path) || '/';
  }
}

/**
 * The sources of the answer at `index`: the pages of the tool results since
 * the person's question, numbered. Empty unless `index` is an assistant
 * message with no tool calls (the turn's answer).
 */
export function answerSources(messages: readonly Message[], index: number): AnswerSource[] {
  const answer = messages[index];
  if (!answer || answer.role !== 'assistant' || answer.content.some((b) => b?.type === 'tool_use')) return [];
  let start = index;
  while (start > 0 && !isQuestion(messages[start - 1]!)) start--;
  const results: ToolResultBlock[] = [];
  for (let i = start; i < index; i++) for (const b of messages[i]!.content) if (b?.type === 'tool_result') results.push(b);
  return numberPages(results);
}

/** What the model reads after a result's own content: its pages, numbered, and how to cite them. */
export function sourcesNote(sources: readonly AnswerSource[]): string {
  return `Sources in this result (cite the ones you use by number, like [${sources[0]?.n ?? 1}]):\n${sources.map((s) => `[${s.n}] ${s.title} <${s.url}>`).join('\n')}`;
}

/**
 * The conversation as the model reads it: each tool result that points to
 * pages gets a text block numbering them (per question, in order of first
 * appearance), so an answer can cite `[1]` and the chips under it show the
 * same number. Messages without such results are returned as they are.
 */
export function numberSourcesForModel(messages: readonly Message[]): Message[] {
  const out: Message[] = [];
  let turn: ToolResultBlock[] = [];
  const notes = new Map<ToolResultBlock, AnswerSource[]>();
  const flush = () => {
    numberPages(turn, (result, sources) => {
      if (sources.length) notes.set(result, sources);
    });
    turn = [];
  };
  for (const m of messages) {
    if (isQuestion(m)) flush();
    for (const b of m.content) if (b?.type === 'tool_result') turn.push(b);
  }
  flush();
  if (!notes.size) return messages as Message[];
  for (const m of messages) {
    if (!m.content.some((b) => b?.type === 'tool_result' && notes.has(b))) {
      out.push(m);
      continue;
    }
    out.push({
      ...m,
      content: m.content.map((b) => {
        if (b?.type !== 'tool_result') return b;
        const sources = notes.get(b);
        return sources ? { ...b, content: [...b.content, { type: 'text', text: sourcesNote(sources) }] } : b;
      }) as Message['content'],
    });
  }
  return out;
}
