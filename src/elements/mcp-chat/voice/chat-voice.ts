import { html, nothing, type CSSResult, type ReactiveControllerHost } from 'lit';
import { icon } from '../../shared/icons.js';
import type { Loader } from '../../shared/lazy.js';
import type { ChatStrings } from '../strings.js';
import type { VoiceChunk, VoiceEngine, VoiceEngineHost } from './contract.js';
import { dictationWay } from './dictation-support.js';

/** What the voice feature needs from the chat: what its chunk's engine needs, and `no-voice`. */
export interface ChatVoiceHost extends ReactiveControllerHost, VoiceEngineHost {
  /** `no-voice`: no voice controls at all. */
  readonly noVoice: boolean;
  /** Adds the voice chunk's styles to the chat's shadow root. */
  adoptStyles(styles: CSSResult): void;
}

/**
 * Dictation, read-aloud and hands-free (issue 40 items 3 and 4). This file is in the first load and only
 * draws the buttons (the microphone where something can recognise speech; Read aloud and Hands-free where
 * the browser has a voice); the code behind them (voice.chunk.ts) loads at the first press.
 */
export class ChatVoice {
  readonly #host: ChatVoiceHost;
  readonly #code: Loader<VoiceChunk>;
  #engine?: VoiceEngine;
  #hasVoices = false;

  constructor(host: ChatVoiceHost, code: Loader<VoiceChunk>) {
    this.#host = host;
    this.#code = code;
    host.addController(this);
  }

  hostConnected(): void {
    const synth = globalThis.speechSynthesis;
    if (!synth) return;
    // Chromium lists its voices only after `voiceschanged`: Read aloud appears then.
    synth.addEventListener?.('voiceschanged', this.#voicesChanged);
    this.#voicesChanged();
  }

  hostDisconnected(): void {
    globalThis.speechSynthesis?.removeEventListener?.('voiceschanged', this.#voicesChanged);
    this.#engine?.stop();
  }

  #voicesChanged = (): void => {
    const has = (globalThis.speechSynthesis?.getVoices().length ?? 0) > 0;
    if (has !== this.#hasVoices) ((this.#hasVoices = has), this.#host.requestUpdate());
  };

  /** Something can recognise speech here (the page's recogniser with a way to record, or the browser's). */
  get canDictate(): boolean {
    return !this.#host.noVoice && dictationWay(globalThis as never, this.#host.transcribe) !== undefined;
  }

  /** The browser can speak (it lists at least one voice). */
  get canSpeak(): boolean {
    return !this.#host.noVoice && this.#hasVoices;
  }

  async #run(action: (engine: VoiceEngine) => void): Promise<void> {
    if (!this.#engine) {
      try {
        const { createVoiceEngine, voiceStyles } = await this.#code.load();
        if (!this.#engine) this.#host.adoptStyles(voiceStyles);
        // The host is the engine's too (VoiceEngineHost is a part of ChatVoiceHost).
        this.#engine ??= createVoiceEngine(this.#host);
      } catch (error) {
        this.#host.showError((error as Error).message);
        return;
      }
    }
    action(this.#engine);
  }

  /** Escape in the composer while listening: cancels dictation (what was typed before is back). True when it did. */
  onEscape(): boolean {
    if (!this.#engine?.listening && !this.#engine?.transcribing) return false;
    this.#engine.cancelDictation();
    return true;
  }

  /** A turn ended: hands-free reads `answer` and listens again. */
  turnEnded(answer: string): void {
    this.#engine?.turnEnded(answer);
  }

  /** A tool waits for approval: hands-free says so aloud (the card stays on screen; nothing is approved for the person). */
  approvalAsked(tool: string): void {
    this.#engine?.approvalAsked(tool);
  }

  /** The microphone and Hands-free buttons of the composer (nothing where speech cannot be recognised). */
  renderComposerButtons(t: ChatStrings) {
    if (!this.canDictate) return nothing;
    const e = this.#engine;
    const listening = !!(e?.listening || e?.transcribing);
    const handsFree = !!e?.handsFree;
    return html`${
      this.canSpeak
        ? html`<button part="hands-free-button" type="button" class="icon-button voice ${handsFree ? 'on' : ''}"
          aria-pressed=${handsFree ? 'true' : 'false'} aria-label=${t.handsFree} data-tip=${t.handsFree}
            @click=${() => void this.#run((engine) => engine.setHandsFree(!engine.handsFree))}>${icon('headphones')}</button>`
        : nothing
    }<button part="mic-button" type="button" class="icon-button voice ${listening ? 'on' : ''}"
      aria-pressed=${listening ? 'true' : 'false'} aria-label=${t.dictate} data-tip=${listening ? t.stopDictation : t.dictate}
        @click=${() => void this.#run((engine) => engine.toggleDictation())}>${icon('mic')}</button>`;
  }

  /** Read aloud (Stop reading while it speaks) on an answer with `text`. */
  renderReadAloud(key: unknown, text: string, t: ChatStrings) {
    if (!this.canSpeak || !text.trim()) return nothing;
    const reading = this.#engine?.reading === key;
    // The name stays (a toggle's state is aria-pressed); the tooltip says what a press does now.
    return html`<button type="button" class="icon-button" part="message-action read-aloud-button"
      aria-pressed=${reading ? 'true' : 'false'} aria-label=${t.readAloud} data-tip=${reading ? t.stopReading : t.readAloud}
      @click=${() => void this.#run((engine) => engine.toggleReading(key, text))}>${icon(reading ? 'square' : 'volume-2')}</button>`;
  }
}
