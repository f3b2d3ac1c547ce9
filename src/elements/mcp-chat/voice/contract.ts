// What the voice feature (chat-voice.ts, in the first load) and its chunk (voice.chunk.ts) share: types only.
import type { CSSResult } from 'lit';
import type { ChatStrings } from '../strings.js';

/**
 * A recogniser the page plugs in (`<mcp-chat>.transcribe`): the recorded audio (a `MediaRecorder` Blob) to
 * text, e.g. a call to the page's own speech-to-text endpoint or an on-device model. `lang` is the
 * conversation's language; `signal` aborts when the person cancels (Escape). A rejection is said to the
 * person with its message.
 */
export type Transcriber = (audio: Blob, options: { lang: string; signal: AbortSignal }) => Promise<string>;

/** What the voice code needs from the chat. */
export interface VoiceEngineHost {
  requestUpdate(): void;
  readonly text: ChatStrings;
  /** The conversation's language (BCP 47): the chat's `lang`, else the page's, else the browser's. */
  readonly lang: string;
  readonly transcribe: Transcriber | undefined;
  /** The composer's message box. */
  input(): HTMLTextAreaElement | null;
  announce(text: string): void;
  showError(text: string): void;
  /** Sends the composer's text as the person would (hands-free). */
  send(text: string): void;
}

/** The voice chunk's engine, as the feature drives it. */
export interface VoiceEngine {
  readonly listening: boolean;
  readonly transcribing: boolean;
  readonly handsFree: boolean;
  /** The key of the answer being read, if any. */
  readonly reading: unknown;
  toggleDictation(): void;
  /** Escape: stops listening and puts back what was typed before. */
  cancelDictation(): void;
  /** Reads `text` aloud (`key` marks the answer as being read); a second call with the same key stops. */
  toggleReading(key: unknown, text: string): void;
  setHandsFree(on: boolean): void;
  /** A turn ended with `answer` (its text, or '' when none): hands-free reads it, then listens again. */
  turnEnded(answer: string): void;
  /** Hands-free: a tool waits for approval (`tool`: its title or name). */
  approvalAsked(tool: string): void;
  /** The chat left the page. */
  stop(): void;
}

/** The voice chunk's module. */
export interface VoiceChunk {
  createVoiceEngine(host: VoiceEngineHost): VoiceEngine;
  /** The voice buttons' look while on (listening, reading, hands-free): added to the chat when this chunk loads. */
  readonly voiceStyles: CSSResult;
}
