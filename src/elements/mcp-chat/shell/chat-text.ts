import { chatStrings, directionOf, englishTableVersion, type ChatStrings } from '../strings.js';

/** What the text needs from the element: where it sits (for `lang` and `dir`) and its `strings`. */
export interface ChatTextHost {
  closest(selector: string): Element | null;
  readonly strings?: Partial<ChatStrings>;
}

/**
 * The interface text of one chat: the table of its language (`lang` on the
 * element or an ancestor) with the element's `strings` on top, and the
 * direction it is laid out in. Read at the moment of use, so a change of
 * `lang`, `dir` or `strings` applies at the next render.
 */
export class ChatText {
  readonly #host: ChatTextHost;
  #memo?: { lang: string | undefined; strings: Partial<ChatStrings> | undefined; version: number; value: ChatStrings };

  constructor(host: ChatTextHost) {
    this.#host = host;
  }

  /** `lang` as last read, until the microtasks of that task have run. */
  #lang?: { value: string | undefined };

  /**
   * `lang` of the element or its nearest ancestor that has one. Looked up once per task: one render
   * reads it for every string (issue 42: the `closest` calls of the renders while twenty servers
   * connected were 3 % of the chat's main thread).
   */
  get lang(): string | undefined {
    if (!this.#lang) {
      this.#lang = { value: this.#host.closest('[lang]')?.getAttribute('lang') ?? undefined };
      queueMicrotask(() => (this.#lang = undefined));
    }
    return this.#lang.value;
  }

  /** The text in use. */
  get t(): ChatStrings {
    return chatStrings(this.lang, this.#host.strings);
  }

  /** The text in use, the same object while `lang` and `strings` stay: passed down to every message without re-rendering them. */
  get stable(): ChatStrings {
    const lang = this.lang;
    const strings = this.#host.strings;
    const memo = this.#memo;
    // `version`: a copy made (with `strings`) before the panels' English text was added lacks it.
    const version = englishTableVersion();
    if (memo && memo.lang === lang && memo.strings === strings && memo.version === version) return memo.value;
    return (this.#memo = { lang, strings, version, value: chatStrings(lang, strings) }).value;
  }

  /** `dir` of the element or an ancestor; else the direction of the language. */
  get dir(): 'rtl' | 'ltr' {
    const set = this.#host.closest('[dir]')?.getAttribute('dir');
    return set === 'rtl' || set === 'ltr' ? set : directionOf(this.lang);
  }
}
