// Dictation and read-aloud (issue 40 items 3 and 4): loaded when the person first presses the microphone,
// Read aloud or Hands-free (chunks.ts `voiceChunk`), never in the first load. Implements the feature's
// contract (contract.ts) and imports only downward.
import { css } from 'lit';
import type { VoiceChunk, VoiceEngine, VoiceEngineHost } from './contract.js';
import { onDeviceAvailable, recognitionConstructor, type RecognitionConstructorLike } from './dictation-support.js';
import { pickVoice, type VoiceLike } from './pick-voice.js';
import type { ChatStrings, VoiceStrings } from '../strings.js';
import { VOICE_STRINGS_EN } from './voice-strings.js';

/** The members of the Web Speech API's `SpeechRecognition` (https://webaudio.github.io/web-speech-api/) this code uses. */
interface Recognition extends EventTarget {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  processLocally?: boolean;
  start(): void;
  stop(): void;
  abort(): void;
}
interface RecognitionResultEvent extends Event {
  readonly results: ArrayLike<{
    readonly isFinal: boolean;
    readonly length: number;
    readonly [i: number]: { readonly transcript: string };
  }>;
}
interface RecognitionErrorEvent extends Event {
  readonly error: string;
  readonly message?: string;
}

const words = (t: ChatStrings): VoiceStrings => ({ ...VOICE_STRINGS_EN, ...(t as Partial<VoiceStrings>) });

/** A language's name in the interface's language (`ar` -> "Arabic" / "العربية"). */
function languageName(lang: string, uiLang: string): string {
  try {
    return new Intl.DisplayNames([uiLang], { type: 'language' }).of(lang) ?? lang;
  } catch {
    return lang;
  }
}

/**
 * The language an answer is written in: Arabic when Arabic letters outnumber Latin ones (a model may answer
 * in Arabic in a chat whose interface is English), else the conversation's language.
 */
export function answerLanguage(text: string, conversationLang: string): string {
  const arabic = text.match(/[\u0600-\u06ff\u0750-\u077f]/g)?.length ?? 0;
  const latin = text.match(/[a-z]/gi)?.length ?? 0;
  if (arabic > latin) return conversationLang.toLowerCase().startsWith('ar') ? conversationLang : 'ar';
  return conversationLang;
}

/** Markdown as it is said: no code fences' contents, link targets, emphasis marks or heading signs; pieces of at most ~200 characters. */
export function speakablePieces(markdown: string): string[] {
  const plain = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`#>|~]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const sentences = plain.match(/[^.!?؟。]+[.!?؟。]*\s*/g) ?? [];
  const pieces: string[] = [];
  for (const sentence of sentences) {
    const last = pieces.length - 1;
    if (last >= 0 && pieces[last]!.length + sentence.length <= 200) pieces[last] += sentence;
    else pieces.push(sentence);
  }
  return pieces.map((p) => p.trim()).filter(Boolean);
}

/**
 * When hands-free ends a recording for the page's recogniser (`transcribe`), which only gets the audio once the
 * recording ends: the browser's recogniser finds the pause itself. Levels are the RMS of the samples (full scale 1):
 * `speech` is about -34 dBFS, above a quiet room's noise and below a voice at arm's length. Read by the chunk at each
 * recording, so a test may shorten them.
 */
export const HANDS_FREE_LISTENING = {
  /** A level at or above this is speech. */
  speech: 0.02,
  /** After speech, this long below `speech` ends the recording (the person has finished). */
  silenceMs: 1200,
  /** With no speech this long, the recording ends unsent: "No speech was heard" (as the browser's recogniser says). */
  noSpeechMs: 8000,
  /** A recording never runs longer than this; what was recorded is transcribed. */
  maxMs: 30_000,
  /** How often the level is read. */
  everyMs: 50,
};

/** A running dictation: the text the box had before it began, what was heard so far, how to end it. */
interface Dictation {
  before: string;
  cancelled: boolean;
  heard: string;
  end(): void;
  abort(): void;
}

class Engine implements VoiceEngine {
  readonly #host: VoiceEngineHost;
  #listening = false;
  #transcribing = false;
  #handsFree = false;
  #reading: unknown;
  /** The running dictation: how to end it, and the text the box had before it began. */
  #dictation?: Dictation;
  #speakRun = 0;
  /** Measures the microphone's level in hands-free with `transcribe`; made at the first such recording (after a press). */
  #audio?: AudioContext;

  constructor(host: VoiceEngineHost) {
    this.#host = host;
  }

  get listening() {
    return this.#listening;
  }
  get transcribing() {
    return this.#transcribing;
  }
  get handsFree() {
    return this.#handsFree;
  }
  get reading() {
    return this.#reading;
  }

  #changed(): void {
    this.#host.requestUpdate();
  }

  toggleDictation(): void {
    if (this.#dictation) this.#dictation.end();
    else void this.#startDictation();
  }

  cancelDictation(): void {
    const d = this.#dictation;
    if (!d) return;
    d.cancelled = true;
    d.abort();
    this.#finish(d);
  }

  /** Puts the transcript after what was typed before. */
  #show(before: string, heard: string): void {
    const input = this.#host.input();
    if (input) input.value = heard ? (before && !/\s$/.test(before) ? `${before} ${heard}` : before + heard) : before;
  }

  /** Dictation ended (heard, cancelled or failed): the box keeps the text, or gets back what it had; hands-free sends it. */
  #finish(d: Dictation): void {
    if (this.#dictation !== d) return;
    this.#dictation = undefined;
    this.#listening = false;
    this.#transcribing = false;
    const input = this.#host.input();
    if (d.cancelled) {
      if (input) input.value = d.before;
      this.#host.announce(words(this.#host.text).dictationCancelled);
    } else if (this.#handsFree && d.heard.trim() && input) {
      const text = input.value;
      input.value = '';
      this.#host.send(text);
    }
    input?.focus();
    this.#changed();
  }

  #fail(d: Dictation, text: string): void {
    d.cancelled = false;
    this.#host.showError(text);
    this.#finish(d);
  }

  async #startDictation(): Promise<void> {
    this.#stopSpeaking();
    const input = this.#host.input();
    const before = input?.value ?? '';
    const w = words(this.#host.text);
    const lang = this.#host.lang;
    const d: Dictation = { before, cancelled: false, heard: '', end: () => {}, abort: () => {} };
    this.#dictation = d;
    this.#listening = true;
    this.#changed();
    this.#host.announce(w.listening);
    const transcribe = this.#host.transcribe;
    const Ctor = recognitionConstructor(globalThis as never);
    if (transcribe && typeof MediaRecorder === 'function' && typeof navigator.mediaDevices?.getUserMedia === 'function')
      await this.#record(d, transcribe, lang, w);
    else if (Ctor) await this.#recognise(d, Ctor, lang, w);
    else this.#fail(d, w.dictationFailed('no recogniser'));
  }

  async #recognise(d: Dictation, Ctor: RecognitionConstructorLike, lang: string, w: VoiceStrings): Promise<void> {
    const local = await onDeviceAvailable(Ctor, lang);
    if (this.#dictation !== d) return;
    const recognition = new Ctor() as Recognition;
    recognition.lang = lang;
    recognition.interimResults = true;
    // Hands-free ends at the first pause (the message is then sent); otherwise it listens until Stop.
    recognition.continuous = !this.#handsFree;
    if (local) recognition.processLocally = true;
    let failed = false;
    recognition.addEventListener('result', (event) => {
      if (this.#dictation !== d || d.cancelled) return;
      const { results } = event as RecognitionResultEvent;
      let final = '';
      let interim = '';
      for (let i = 0; i < results.length; i++) {
        const result = results[i]!;
        const transcript = result[0]?.transcript ?? '';
        if (result.isFinal) final += transcript;
        else interim += transcript;
      }
      d.heard = (final + interim).trim();
      this.#show(d.before, d.heard);
    });
    recognition.addEventListener('error', (event) => {
      const { error, message } = event as RecognitionErrorEvent;
      if (error === 'aborted' || this.#dictation !== d) return;
      failed = true;
      const text =
        error === 'not-allowed' || error === 'service-not-allowed'
          ? w.micDenied
          : error === 'audio-capture'
            ? w.noMicrophone
            : error === 'network'
              ? w.speechNetwork
              : error === 'no-speech'
                ? w.noSpeech
                : error === 'language-not-supported'
                  ? w.speechLanguage(languageName(lang, lang))
                  : w.dictationFailed(message || error);
      this.#fail(d, text);
    });
    recognition.addEventListener('end', () => {
      if (!failed) this.#finish(d);
    });
    d.end = () => recognition.stop();
    d.abort = () => recognition.abort();
    try {
      recognition.start();
    } catch (error) {
      this.#fail(d, w.dictationFailed(error instanceof Error ? error.message : String(error)));
    }
  }

  async #record(d: Dictation, transcribe: NonNullable<VoiceEngineHost['transcribe']>, lang: string, w: VoiceStrings) {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      const name = (error as DOMException)?.name;
      this.#fail(
        d,
        name === 'NotAllowedError' || name === 'SecurityError'
          ? w.micDenied
          : name === 'NotFoundError'
            ? w.noMicrophone
            : w.dictationFailed(String((error as Error)?.message ?? error)),
      );
      return;
    }
    if (this.#dictation !== d) return stream.getTracks().forEach((track) => track.stop());
    const recorder = new MediaRecorder(stream);
    const parts: Blob[] = [];
    const aborter = new AbortController();
    // Hands-free: the recording ends on the person's silence (or at the limits), with no press.
    const listening = this.#handsFree
      ? await this.#endOnSilence(
          stream,
          () => d.end(),
          () => (d.abort(), this.#fail(d, w.noSpeech)),
        )
      : undefined;
    recorder.addEventListener('dataavailable', (event) => parts.push(event.data));
    recorder.addEventListener('stop', async () => {
      listening?.stop();
      stream.getTracks().forEach((track) => track.stop());
      if (d.cancelled || this.#dictation !== d) return;
      this.#listening = false;
      this.#transcribing = true;
      this.#changed();
      this.#host.announce(w.transcribing);
      try {
        const text = String(await transcribe(new Blob(parts, { type: recorder.mimeType }), { lang, signal: aborter.signal }));
        if (this.#dictation !== d || d.cancelled) return;
        d.heard = text.trim();
        this.#show(d.before, d.heard);
        this.#finish(d);
      } catch (error) {
        if (this.#dictation === d && !d.cancelled) this.#fail(d, w.dictationFailed(error instanceof Error ? error.message : String(error)));
      }
    });
    d.end = () => recorder.state !== 'inactive' && recorder.stop();
    d.abort = () => {
      aborter.abort();
      if (recorder.state !== 'inactive') recorder.stop();
    };
    if (this.#dictation !== d) {
      listening?.stop();
      return stream.getTracks().forEach((track) => track.stop());
    }
    recorder.start();
  }

  /**
   * Reads the stream's level (an AnalyserNode) every `everyMs`: once speech was heard, `silenceMs` below the speech
   * level calls `end`; no speech within `noSpeechMs` calls `nothingHeard` (after which the recording is dropped);
   * `maxMs` calls `end`. The returned `stop` frees the measuring (the stream's tracks are the caller's).
   */
  async #endOnSilence(stream: MediaStream, end: () => void, nothingHeard: () => void): Promise<{ stop(): void }> {
    const limits = { ...HANDS_FREE_LISTENING };
    this.#audio ??= new AudioContext();
    const audio = this.#audio;
    if (audio.state === 'suspended') await audio.resume().catch(() => {});
    const source = audio.createMediaStreamSource(stream);
    const analyser = audio.createAnalyser();
    analyser.fftSize = 2048;
    source.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    const began = performance.now();
    let spoke = false;
    let lastSpeech = began;
    const timer = setInterval(() => {
      const now = performance.now();
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += sample * sample;
      if (Math.sqrt(sum / samples.length) >= limits.speech) ((spoke = true), (lastSpeech = now));
      if (spoke ? now - lastSpeech >= limits.silenceMs || now - began >= limits.maxMs : now - began >= limits.noSpeechMs) {
        stop();
        if (spoke) end();
        else nothingHeard();
      }
    }, limits.everyMs);
    const stop = () => {
      clearInterval(timer);
      source.disconnect();
    };
    return { stop };
  }

  toggleReading(key: unknown, text: string): void {
    if (this.#reading === key) {
      this.#stopSpeaking();
      return;
    }
    void this.#read(key, text);
  }

  #stopSpeaking(): void {
    this.#speakRun++;
    if (this.#reading !== undefined) globalThis.speechSynthesis?.cancel();
    this.#reading = undefined;
    this.#changed();
  }

  /** The browser's voices; Chromium lists them only after `voiceschanged` on a first call. */
  async #voices(synth: SpeechSynthesis): Promise<VoiceLike[]> {
    let voices = synth.getVoices();
    if (voices.length) return voices;
    await new Promise<void>((resolve) => {
      const done = () => (clearTimeout(timer), synth.removeEventListener('voiceschanged', done), resolve());
      const timer = setTimeout(done, 1000);
      synth.addEventListener('voiceschanged', done);
    });
    voices = synth.getVoices();
    return voices;
  }

  /** Reads `text` aloud in its language with a voice of that language; resolves when done (false when not read). */
  async #read(key: unknown, text: string): Promise<boolean> {
    this.#stopSpeaking();
    const run = this.#speakRun;
    const synth = globalThis.speechSynthesis;
    const Utterance = globalThis.SpeechSynthesisUtterance;
    const t = this.#host.text;
    const w = words(t);
    if (!synth || !Utterance) return false;
    const lang = answerLanguage(text, this.#host.lang);
    const voice = pickVoice(await this.#voices(synth), lang);
    if (run !== this.#speakRun) return false;
    if (!voice) {
      // Never another language's voice: an English voice reading Arabic is noise.
      this.#host.showError(w.noVoice(languageName(lang, this.#host.lang)));
      return false;
    }
    const pieces = speakablePieces(text);
    if (!pieces.length) return false;
    this.#reading = key;
    this.#changed();
    const spoken = await new Promise<boolean>((resolve) => {
      pieces.forEach((piece, i) => {
        const utterance = new Utterance(piece);
        utterance.lang = voice.lang;
        utterance.voice = voice as SpeechSynthesisVoice;
        if (i === pieces.length - 1) utterance.addEventListener('end', () => resolve(true));
        utterance.addEventListener('error', (event) => {
          const error = (event as SpeechSynthesisErrorEvent).error;
          if (error !== 'interrupted' && error !== 'canceled' && run === this.#speakRun) this.#host.showError(w.readAloudFailed);
          resolve(false);
        });
        synth.speak(utterance);
      });
    });
    if (run === this.#speakRun) {
      this.#reading = undefined;
      this.#changed();
    }
    return spoken && run === this.#speakRun;
  }

  setHandsFree(on: boolean): void {
    if (this.#handsFree === on) return;
    this.#handsFree = on;
    const w = words(this.#host.text);
    this.#host.announce(on ? w.handsFreeOn : w.handsFreeOff);
    if (on && !this.#dictation) void this.#startDictation();
    if (!on) {
      this.cancelDictation();
      this.#stopSpeaking();
    }
    this.#changed();
  }

  turnEnded(answer: string): void {
    if (!this.#handsFree) return;
    void (async () => {
      if (answer.trim()) await this.#read(Symbol('answer'), answer);
      // Listens again unless the person turned hands-free off or started something else meanwhile.
      if (this.#handsFree && !this.#dictation && this.#reading === undefined) void this.#startDictation();
    })();
  }

  approvalAsked(tool: string): void {
    if (this.#handsFree) void this.#read(Symbol('approval'), words(this.#host.text).approvalSpoken(tool));
  }

  stop(): void {
    this.#handsFree = false;
    this.cancelDictation();
    this.#stopSpeaking();
    void this.#audio?.close().catch(() => {});
    this.#audio = undefined;
  }
}

/** The chunk's entry. */
export const createVoiceEngine: VoiceChunk['createVoiceEngine'] = (host) => new Engine(host);

/* The microphone and Hands-free while on: the accent, and a slow ring while it listens. */
export const voiceStyles: VoiceChunk['voiceStyles'] = css`
  .composer .voice.on { color: var(--mcp-chat-accent); background: color-mix(in srgb, var(--mcp-chat-accent) 14%, transparent); }
  .composer [part~='mic-button'].on { animation: mcp-listening 1.6s ease-out infinite; }
  @keyframes mcp-listening {
    from { box-shadow: 0 0 0 0 color-mix(in srgb, var(--mcp-chat-accent) 40%, transparent); }
    to { box-shadow: 0 0 0 8px transparent; }
  }
  @media (prefers-reduced-motion: reduce) { .composer [part~='mic-button'].on { animation: none; } }
`;
