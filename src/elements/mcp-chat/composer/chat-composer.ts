import { html, type ReactiveControllerHost } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { ContentBlock } from '../../../content/index.js';
import { icon } from '../../shared/icons.js';
import type { ChatPalette } from '../palette/chat-palette.js';
import type { ChatStrings } from '../strings.js';
import type { LazyPart } from '../../shared/lazy.js';
import type { ChatVoice } from '../voice/chat-voice.js';
import { renderAttachmentsPlain } from './attachments.js';
import type { FileLimits } from './file-limits.js';
import type * as ReadFiles from './read-files.chunk.js';

/** What the composer needs from the element. */
export interface ChatComposerHost extends ReactiveControllerHost {
  /** Where the composer's textarea and file input are (the element's shadow root). */
  readonly renderRoot: HTMLElement | DocumentFragment;
  /** A turn or a call runs (Send becomes Stop). */
  readonly chatBusy: boolean;
  /** The element's `placeholder`. */
  readonly placeholder: string | undefined;
  /** The element's `attachments` (a documented property: the element keeps it). */
  readonly attachments: ContentBlock[];
  setAttachments(blocks: ContentBlock[]): void;
  /** The element's `accept`, `file-size-limits` and `max-files`. */
  readonly fileLimits: FileLimits;
  /** The chat's language (the files' words follow it). */
  readonly lang: string | undefined;
  /** Sends a message as the person would (the element's `send()`: `mcp-message-send`, then the turn). */
  send(text: string, attachments: ContentBlock[]): void;
  /** Stops the running turn. */
  stop(): void;
}

/**
 * The composer: the message box (Enter sends, Shift+Enter adds a line,
 * Escape stops the turn or cancels dictation, "/" opens the palette), the attach button and the
 * attached blocks, the microphone and Hands-free (voice/), Send or Stop. The text is the textarea's own (never
 * copied into state); attachments are the element's `attachments`.
 */
export class ChatComposer {
  readonly #host: ChatComposerHost;
  readonly #palette: ChatPalette;
  readonly #voice: ChatVoice;
  readonly #files: LazyPart<typeof ReadFiles>;
  /** Why the last files could not be attached, in words (said under the attachments until the next attach or send). */
  #refusals: string[] = [];
  /** Files being read (their chips show "Reading…"). */
  #reading = 0;

  constructor(host: ChatComposerHost, palette: ChatPalette, voice: ChatVoice, files: LazyPart<typeof ReadFiles>) {
    this.#host = host;
    this.#palette = palette;
    this.#voice = voice;
    this.#files = files;
  }

  /** The message box (dictation writes its transcript there). */
  input(): HTMLTextAreaElement | null {
    return this.#input;
  }

  get #input(): HTMLTextAreaElement | null {
    return this.#host.renderRoot.querySelector<HTMLTextAreaElement>('textarea.input');
  }

  /** Moves focus to the message box. */
  focus(): void {
    this.#input?.focus();
  }

  /** Empties the message box. */
  clear(): void {
    const input = this.#input;
    if (input) input.value = '';
  }

  /** Puts `text` in the message box to be edited and sent (a starter without a model). */
  offer(text: string): void {
    const input = this.#input;
    if (!input) return;
    input.value = text;
    input.focus();
  }

  /**
   * Attaches files (paste, drop or picker): each is checked against the owner's limits before a byte of it is read
   * (a refusal is said in words under the composer), then read in pieces into the block it travels as.
   */
  async attachFiles(files: File[]): Promise<void> {
    const host = this.#host;
    if (!files.length) return;
    let code: typeof ReadFiles;
    try {
      code = await this.#files.load();
    } catch (error) {
      this.#refusals = [(error as Error).message];
      host.requestUpdate();
      return;
    }
    const words = code.fileWords(host.lang);
    const refusals: string[] = [];
    const taken: File[] = [];
    for (const file of files) {
      const why = code.refusal(file, host.attachments.length + this.#reading + taken.length, host.fileLimits, words);
      if (why) refusals.push(why);
      else taken.push(file);
    }
    this.#refusals = refusals;
    this.#reading += taken.length;
    host.requestUpdate();
    try {
      const blocks: ContentBlock[] = [];
      for (const file of taken) {
        try {
          blocks.push(await code.readFile(file));
        } catch (error) {
          this.#refusals = [...this.#refusals, words.unreadable(file.name, (error as Error).message)];
        }
      }
      if (blocks.length) host.setAttachments([...host.attachments, ...blocks]);
    } finally {
      this.#reading -= taken.length;
      host.requestUpdate();
    }
  }

  /** The attachments: as chips once the file code is there (loaded when there is something to show). */
  #renderAttachments(t: ChatStrings) {
    const host = this.#host;
    const remove = (i: number) => {
      host.setAttachments(host.attachments.filter((_, j) => j !== i));
      this.focus();
    };
    const code = this.#files.value;
    if (code) code.adoptChipStyles(host.renderRoot);
    if (code)
      return code.renderAttachments(
        host.attachments,
        remove,
        t,
        { reading: this.#reading, refusals: this.#refusals },
        code.fileWords(host.lang),
      );
    if (host.attachments.length && !this.#files.failedWithin(5000))
      void this.#files.load().then(
        () => host.requestUpdate(),
        () => {},
      );
    return renderAttachmentsPlain(host.attachments, remove, t.removeAttachment);
  }

  #submit = (event?: Event): void => {
    event?.preventDefault();
    const host = this.#host;
    const input = this.#input;
    if (!input || host.chatBusy || this.#reading) return;
    if (this.#palette.open) {
      void this.#palette.choose();
      return;
    }
    const text = input.value;
    const attachments = host.attachments;
    if (!text.trim() && !attachments.length) return;
    input.value = '';
    this.#refusals = [];
    host.setAttachments([]);
    host.send(text, attachments);
  };

  #onKeyDown = (event: KeyboardEvent): void => {
    if (this.#palette.onKeyDown(event)) return;
    // Escape while dictating cancels it and puts back what was typed before (not the turn's Stop).
    if (event.key === 'Escape' && this.#voice.onEscape()) {
      event.preventDefault();
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      this.#submit();
    } else if (event.key === 'Escape' && this.#host.chatBusy) {
      event.preventDefault();
      this.#host.stop();
    }
  };

  #onFiles = async (event: Event): Promise<void> => {
    const input = event.target as HTMLInputElement;
    await this.attachFiles([...(input.files ?? [])]);
    input.value = '';
  };

  /** The attached blocks and the composer form (part `composer`). */
  render(t: ChatStrings) {
    const host = this.#host;
    const palette = this.#palette;
    return html`${this.#renderAttachments(t)}
      <form part="composer" class="composer" @submit=${this.#submit}>
        <button
          part="attach-button"
          type="button"
          class="icon-button"
          aria-label=${t.attach}
          data-tip=${t.attach}
          @click=${() => host.renderRoot.querySelector<HTMLInputElement>('input.files')?.click()}
        >
          ${icon('paperclip')}
        </button>
        <input class="files" type="file" accept=${ifDefined(host.fileLimits.accept || undefined)} multiple hidden @change=${this.#onFiles} />
        <textarea
          part="input"
          class="input"
          rows="1"
          aria-label=${t.messageLabel}
          placeholder=${host.placeholder ?? t.placeholder}
          @keydown=${this.#onKeyDown}
          @input=${() => palette.onInput(this.#input!.value)}
        ></textarea>
        ${this.#voice.renderComposerButtons(t)}
        ${
          host.chatBusy
            ? html`<button part="stop-button" type="button" class="icon-button stop" aria-label=${t.stop}
              data-tip=${t.stop} data-tip-end @click=${() => host.stop()}>${icon('square')}</button>`
            : html`<button part="send-button" type="submit" class="icon-button send" aria-label=${t.send}
              data-tip=${t.send} data-tip-end>${icon('arrow-up')}</button>`
        }
      </form>`;
  }
}
