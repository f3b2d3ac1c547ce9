import { Lexer } from 'marked';
import { markdownHazard } from './markdown-guard.js';

/**
 * Splits a growing markdown source into blocks that can no longer change and
 * the one block that still may.
 *
 * Contract: only the text after the last stable boundary is ever lexed again,
 * so the cost of one update is the size of the growing block, not of the whole
 * answer. A block becomes stable once another top-level block has started
 * after it (a paragraph, list, fence or table only ends when something else
 * begins). {@link MarkdownBlocks.finish} makes the tail stable too.
 *
 * Known limit: reference-style link definitions that appear after the block
 * using them are not applied to already stable blocks.
 */
export class MarkdownBlocks {
  #source = '';
  #stableEnd = 0;
  #stable: string[] = [];
  #tail = '';

  /** Raw markdown of every stable block, in order. */
  get stable(): readonly string[] {
    return this.#stable;
  }

  /** Raw markdown of the block that may still grow ('' when none). */
  get tail(): string {
    return this.#tail;
  }

  /**
   * Takes the whole source so far. When it extends the previous source, only
   * the text after the stable prefix is examined; otherwise everything is
   * split again (`reset` is true).
   *
   * @returns the blocks that became stable with this update, and whether the
   *   caller must discard what it rendered before.
   */
  update(source: string): { added: string[]; reset: boolean } {
    let reset = false;
    if (!source.startsWith(this.#source.slice(0, this.#stableEnd)) || source.length < this.#stableEnd) {
      this.#stable = [];
      this.#stableEnd = 0;
      reset = true;
    }
    this.#source = source;
    const added = this.#advance(false);
    return { added, reset };
  }

  /** The source is complete: its last block is stable too. Returns the blocks added. */
  finish(): string[] {
    return this.#advance(true);
  }

  /** Forgets everything. */
  clear(): void {
    this.#source = '';
    this.#stableEnd = 0;
    this.#stable = [];
    this.#tail = '';
  }

  #advance(final: boolean): string[] {
    const rest = this.#source.slice(this.#stableEnd);
    if (rest === '') {
      this.#tail = '';
      return [];
    }
    // Text the parser must not see (markdown-guard.ts) stays one block, rendered as plain text.
    let tokens: ReturnType<typeof Lexer.lex>;
    try {
      if (markdownHazard(rest)) throw new RangeError('markdown hazard');
      tokens = Lexer.lex(rest, { gfm: true });
    } catch {
      if (!final) {
        this.#tail = rest;
        return [];
      }
      this.#tail = '';
      this.#stable.push(rest);
      this.#stableEnd = this.#source.length;
      return [rest];
    }
    let last = tokens.length - 1;
    while (last >= 0 && tokens[last]!.type === 'space') last -= 1;
    const stableCount = final ? tokens.length : Math.max(0, last);
    const added: string[] = [];
    let consumed = 0;
    let pending = '';
    for (let i = 0; i < stableCount; i += 1) {
      const raw = tokens[i]!.raw;
      consumed += raw.length;
      if (tokens[i]!.type === 'space' || tokens[i]!.type === 'def') {
        pending += raw;
        continue;
      }
      added.push(pending + raw);
      pending = '';
    }
    // Leading whitespace-only tokens stay attached to the next block.
    consumed -= pending.length;
    // Lexer raws always cover the source they came from; guard anyway so a
    // surprising tokenisation can never drop text.
    if (!rest.startsWith(added.join(''))) {
      this.#tail = rest;
      return [];
    }
    this.#stableEnd += consumed;
    this.#stable.push(...added);
    this.#tail = this.#source.slice(this.#stableEnd);
    if (final && this.#tail.trim() === '') this.#tail = '';
    return added;
  }
}
