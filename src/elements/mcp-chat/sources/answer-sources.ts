// The pages an answer was built on, as chips under it (issue 39 item 1).
// Taken from the tool results of the answer's turn (`content/sources.ts`),
// never from the model's text; the model is asked to cite them by number.
import { css, html, nothing } from 'lit';
import { answerSources, type AnswerSource } from '../../../content/sources.js';
import type { Message } from '../../../content/index.js';
// The English text of answers (`AnswerEnglishKey`): added to the table before this module's code runs.
import '../strings-en-answers.js';

const cache = new WeakMap<readonly Message[], Map<Message, AnswerSource[]>>();
const NONE: AnswerSource[] = [];

/**
 * The sources of `message` in `messages` (none unless it is a turn's answer
 * after tool results that point to pages). Computed once per messages array.
 */
export function sourcesOf(messages: readonly Message[], message: Message): readonly AnswerSource[] {
  if (message.role !== 'assistant') return NONE;
  let byMessage = cache.get(messages);
  if (!byMessage) {
    byMessage = new Map();
    cache.set(messages, byMessage);
  }
  let sources = byMessage.get(message);
  if (!sources) {
    const index = messages.indexOf(message);
    sources = index < 0 ? NONE : answerSources(messages, index);
    byMessage.set(message, sources);
  }
  return sources;
}

/** Interface text of the chips. */
export interface SourcesText {
  sources: string;
  /** Read before a source's number ("Source 1 …"). */
  source: string;
  /** Read after a source (its link opens a new tab). */
  newTab: string;
}

/** The numbered chips: title, then host and page; each a link that opens in a new tab. */
export function renderSources(sources: readonly AnswerSource[], t: SourcesText) {
  if (!sources.length) return nothing;
  return html`<nav part="sources" class="sources" aria-label=${t.sources}>
    <span class="sources-label" aria-hidden="true">${t.sources}</span>
    <ol>
      ${sources.map(
        (s) => html`<li>
          <a part="source" href=${s.url} target="_blank" rel="noopener noreferrer" referrerpolicy="no-referrer" title=${s.url}>
            <span class="sr-only">${t.source} </span><span part="source-number" class="source-number">${s.n}</span>
            <span class="source-text">
              <span part="source-title" class="source-title" dir="auto">${s.title}</span>
              <span part="source-where" class="source-where" dir="auto">${s.host}${s.page === '/' ? '' : s.page}</span>
            </span>
            <span class="sr-only">${t.newTab}</span>
          </a>
        </li>`,
      )}
    </ol>
  </nav>`;
}

export const sourcesStyles = css`
  .sources { margin-block: -8px 4px; display: grid; gap: 6px; }
  .sources-label { font-size: 12px; font-weight: 600; letter-spacing: 0.02em; color: var(--mcp-chat-muted); text-transform: uppercase; }
  .sources ol { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 8px; }
  .sources li { min-width: 0; max-width: 100%; }
  .sources a {
    display: flex; align-items: center; gap: 8px; min-height: 44px; box-sizing: border-box; max-width: 20rem;
    padding: 6px 12px 6px 6px; border: 1px solid var(--mcp-chat-border); border-radius: 10px;
    background: var(--mcp-chat-surface); color: inherit; text-decoration: none;
    transition: border-color var(--mcp-chat-motion) ease-out, background-color var(--mcp-chat-motion) ease-out;
  }
  .sources a:hover { border-color: var(--mcp-chat-accent); }
  .sources a:focus-visible { outline: 2px solid var(--mcp-chat-accent); outline-offset: 2px; }
  .source-number {
    flex: none; display: grid; place-items: center; width: 24px; height: 24px; border-radius: 50%;
    background: color-mix(in srgb, var(--mcp-chat-accent) 14%, var(--mcp-chat-bg)); color: var(--mcp-chat-fg);
    font-size: 12px; font-weight: 600; font-variant-numeric: tabular-nums;
  }
  .source-text { display: grid; min-width: 0; line-height: 1.3; }
  .source-title { font-size: 13px; font-weight: 500; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .source-where { font-size: 12px; color: var(--mcp-chat-muted); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`;
