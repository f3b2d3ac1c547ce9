import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, inject, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import { HANDS_FREE_LISTENING } from '../../src/elements/mcp-chat/voice/voice.chunk.js';
import { deepAll, mountChat, shadow, turnEnds } from './chat-helpers.js';

// Dictation, read-aloud and hands-free (issue 40 items 3 and 4).
//
// Web Speech recognition has no backend in this Chromium (a real start() fails with `network`), so the
// recogniser is a stand-in that keeps to the IDL of `SpeechRecognition` (https://webaudio.github.io/web-speech-api/):
// an EventTarget with `lang`, `continuous`, `interimResults`, `processLocally`, `start()`, `stop()`, `abort()`,
// the static `available({ langs, processLocally })`, and the events `start`, `result` (SpeechRecognitionEvent:
// `resultIndex`, `results`, a SpeechRecognitionResultList of results with `isFinal` and alternatives with
// `transcript`), `error` (SpeechRecognitionErrorEvent: `error`, `message`) and `end`.
// This Chromium's speechSynthesis lists no voice and fails every utterance (`synthesis-failed`), so the synthesis
// is a stand-in in the shape of `SpeechSynthesis` (`getVoices()`, `speak()`, `cancel()`, `speaking`,
// `voiceschanged`) with voices shaped as `SpeechSynthesisVoice` (`name`, `lang`, `localService`, `default`,
// `voiceURI`) and utterances as `SpeechSynthesisUtterance` (`text`, `lang`, `voice`, events `start`, `end`, `error`).

type Alternative = { transcript: string; confidence: number };

class StandInRecognition extends EventTarget {
  static made: StandInRecognition[] = [];
  static onDevice = 'downloadable';
  static async available(options: { langs: string[]; processLocally?: boolean }): Promise<string> {
    return options.processLocally ? StandInRecognition.onDevice : 'available';
  }
  lang = '';
  continuous = false;
  interimResults = false;
  maxAlternatives = 1;
  processLocally = false;
  state: 'new' | 'started' | 'ended' = 'new';
  aborted = false;
  constructor() {
    super();
    StandInRecognition.made.push(this);
  }
  start(): void {
    if (this.state === 'started') throw new DOMException('recognition has already started', 'InvalidStateError');
    this.state = 'started';
    queueMicrotask(() => this.dispatchEvent(new Event('start')));
  }
  stop(): void {
    if (this.state === 'started') this.#end();
  }
  abort(): void {
    if (this.state !== 'started') return;
    this.aborted = true;
    this.dispatchEvent(Object.assign(new Event('error'), { error: 'aborted', message: '' }));
    this.#end();
  }
  /** The recogniser heard `results` (all of this session's results so far, as the IDL's list holds them). */
  hear(results: Array<{ transcript: string; isFinal: boolean }>): void {
    const list = results.map(({ transcript, isFinal }) => {
      const alternatives: Alternative[] = [{ transcript, confidence: 0.9 }];
      return Object.assign(alternatives, { isFinal, item: (i: number) => alternatives[i] });
    });
    this.dispatchEvent(
      Object.assign(new Event('result'), { resultIndex: 0, results: Object.assign(list, { item: (i: number) => list[i] }) }),
    );
  }
  fail(error: string): void {
    this.dispatchEvent(Object.assign(new Event('error'), { error, message: '' }));
    this.#end();
  }
  #end(): void {
    this.state = 'ended';
    this.dispatchEvent(new Event('end'));
  }
}

class StandInUtterance extends EventTarget {
  lang = '';
  voice: unknown = null;
  volume = 1;
  rate = 1;
  pitch = 1;
  constructor(public text = '') {
    super();
  }
}

type Voice = { name: string; lang: string; localService: boolean; default: boolean; voiceURI: string };
const voice = (name: string, lang: string, localService = true, isDefault = false): Voice => ({
  name,
  lang,
  localService,
  default: isDefault,
  voiceURI: name,
});

class StandInSynthesis extends EventTarget {
  spoken: StandInUtterance[] = [];
  queue: StandInUtterance[] = [];
  cancelled = 0;
  /** Utterances end by themselves (else the test ends them with `finish()`). */
  autoEnd = true;
  constructor(public voices: Voice[]) {
    super();
  }
  get speaking(): boolean {
    return this.queue.length > 0;
  }
  getVoices(): Voice[] {
    return this.voices;
  }
  speak(u: StandInUtterance): void {
    this.spoken.push(u);
    this.queue.push(u);
    if (this.autoEnd) setTimeout(() => this.finish(), 0);
  }
  finish(): void {
    for (const u of this.queue.splice(0)) {
      u.dispatchEvent(new Event('start'));
      u.dispatchEvent(new Event('end'));
    }
  }
  cancel(): void {
    this.cancelled++;
    for (const u of this.queue.splice(0)) u.dispatchEvent(Object.assign(new Event('error'), { error: 'interrupted' }));
  }
}

const saved = new Map<string, PropertyDescriptor | undefined>();
function install(name: string, value: unknown): void {
  if (!saved.has(name)) saved.set(name, Object.getOwnPropertyDescriptor(window, name));
  Object.defineProperty(window, name, { value, configurable: true, writable: true });
}

let synth: StandInSynthesis;
beforeEach(() => {
  StandInRecognition.made = [];
  StandInRecognition.onDevice = 'downloadable';
  install('SpeechRecognition', StandInRecognition);
  install('webkitSpeechRecognition', StandInRecognition);
  synth = new StandInSynthesis([voice('Samantha', 'en-US', true, true)]);
  install('speechSynthesis', synth);
  install('SpeechSynthesisUtterance', StandInUtterance);
});

afterEach(() => {
  document.body.replaceChildren();
  for (const [name, descriptor] of saved) {
    if (descriptor) Object.defineProperty(window, name, descriptor);
    else delete (window as unknown as Record<string, unknown>)[name];
  }
  saved.clear();
});

async function script(key: string, replies: unknown[]): Promise<void> {
  const root = inject('openaiUrl').replace(/\/openai\/v1$/, '');
  const res = await fetch(`${root}/__script`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key, replies }),
  });
  expect(res.status).toBe(200);
}

const input = (chat: McpChat) => shadow(chat).querySelector<HTMLTextAreaElement>('textarea.input')!;
const mic = (chat: McpChat) => shadow(chat).querySelector<HTMLButtonElement>('[part~="mic-button"]');
const errors = (chat: McpChat) =>
  [...shadow(chat).querySelectorAll('[part~="errors"] [part~="error"], [part~="error"]')].map((e) => e.textContent ?? '');
/** The recogniser the chat made last, once it has started. */
async function started(n = 1): Promise<StandInRecognition> {
  await expect.poll(() => StandInRecognition.made.filter((r) => r.state !== 'new').length, { timeout: 5000 }).toBe(n);
  return StandInRecognition.made[n - 1]!;
}

describe('<mcp-chat> dictation', () => {
  test('the live transcript fills the composer after what was typed, and stays when the recogniser ends; on device where offered', async () => {
    StandInRecognition.onDevice = 'available';
    const chat = await mountChat({ provider: false });
    await userEvent.type(input(chat), 'Note:');
    expect(mic(chat)!.getAttribute('aria-pressed')).toBe('false');
    expect(mic(chat)!.getAttribute('aria-label')).toBe('Dictate');
    await userEvent.click(mic(chat)!);
    const recognition = await started();
    expect(recognition.interimResults).toBe(true);
    expect(recognition.processLocally).toBe(true);
    expect(recognition.lang).toBe(document.documentElement.lang || navigator.language);
    await expect.poll(() => mic(chat)!.getAttribute('aria-pressed')).toBe('true');
    // It looks on while it listens: the accent and a slow ring (styles that come with the voice code).
    expect(getComputedStyle(mic(chat)!).animationName).toBe('mcp-listening');
    recognition.hear([{ transcript: 'buy', isFinal: false }]);
    expect(input(chat).value).toBe('Note: buy');
    recognition.hear([
      { transcript: 'buy milk', isFinal: true },
      { transcript: ' and eggs', isFinal: false },
    ]);
    expect(input(chat).value).toBe('Note: buy milk and eggs');
    recognition.hear([
      { transcript: 'buy milk', isFinal: true },
      { transcript: ' and bread', isFinal: true },
    ]);
    // Pressing the microphone again stops listening; the text stays to be edited and sent.
    await userEvent.click(mic(chat)!);
    expect(recognition.state).toBe('ended');
    await expect.poll(() => mic(chat)!.getAttribute('aria-pressed')).toBe('false');
    expect(input(chat).value).toBe('Note: buy milk and bread');
    expect(chat.messages).toEqual([]);
    expect((await axe.run(shadow(chat).querySelector('[part~="composer"]')!, { resultTypes: ['violations'] })).violations).toEqual([]);
  });

  test('a refused microphone is said in words, and the composer keeps what was typed', async () => {
    const chat = await mountChat({ provider: false });
    await userEvent.type(input(chat), 'Draft');
    await userEvent.click(mic(chat)!);
    const recognition = await started();
    recognition.fail('not-allowed');
    await expect
      .poll(() => errors(chat).join(' '))
      .toContain("This page may not use your microphone. Allow it in the browser's site settings, then try again.");
    expect(mic(chat)!.getAttribute('aria-pressed')).toBe('false');
    expect(input(chat).value).toBe('Draft');
  });

  test('in an Arabic chat, dictation listens in Arabic and a refused microphone is said in Arabic', async () => {
    const chat = await mountChat({ provider: false });
    chat.lang = 'ar';
    await chat.updateComplete;
    expect(mic(chat)!.getAttribute('aria-label')).not.toBe('Dictate');
    await userEvent.click(mic(chat)!);
    const recognition = await started();
    expect(recognition.lang).toBe('ar');
    recognition.fail('not-allowed');
    await expect
      .poll(() => errors(chat).join(' '))
      .toContain('لا يُسمح لهذه الصفحة باستخدام الميكروفون. اسمح بذلك في إعدادات الموقع في المتصفح، ثم حاول مرة أخرى.');
    expect(errors(chat).join(' ')).not.toMatch(/microphone/i);
  });

  test('Escape cancels dictation and puts back what was typed before, from the message box or the microphone', async () => {
    const chat = await mountChat({ provider: false });
    await userEvent.type(input(chat), 'Draft');
    await userEvent.click(mic(chat)!);
    const first = await started();
    first.hear([{ transcript: 'something else', isFinal: false }]);
    expect(input(chat).value).toBe('Draft something else');
    input(chat).focus();
    await userEvent.keyboard('{Escape}');
    expect(first.aborted).toBe(true);
    expect(input(chat).value).toBe('Draft');
    await expect.poll(() => mic(chat)!.getAttribute('aria-pressed')).toBe('false');
    // Focus on the microphone itself (the keyboard path there): Escape cancels too.
    mic(chat)!.focus();
    await userEvent.keyboard('{Enter}');
    const second = await started(2);
    second.hear([{ transcript: 'more words', isFinal: true }]);
    expect(input(chat).value).toBe('Draft more words');
    await userEvent.keyboard('{Escape}');
    expect(second.aborted).toBe(true);
    expect(input(chat).value).toBe('Draft');
    expect(errors(chat)).toEqual([]);
  });

  test("with the page's recogniser, a microphone the browser cannot open is said in words (this Chromium, no stand-in)", async () => {
    install('SpeechRecognition', undefined);
    install('webkitSpeechRecognition', undefined);
    const chat = await mountChat({ provider: false });
    const heard: Blob[] = [];
    chat.transcribe = async (audio) => (heard.push(audio), 'never');
    await chat.updateComplete;
    await userEvent.type(input(chat), 'Draft');
    await userEvent.click(mic(chat)!);
    // Headless Chromium here has no microphone to give: getUserMedia rejects (NotAllowedError or NotFoundError).
    await expect
      .poll(() => errors(chat).join(' '), { timeout: 5000 })
      .toMatch(
        /This page may not use your microphone\. Allow it in the browser's site settings, then try again\.|No microphone was found\. Connect one, then try again\./,
      );
    expect(heard).toEqual([]);
    expect(mic(chat)!.getAttribute('aria-pressed')).toBe('false');
    expect(input(chat).value).toBe('Draft');
  });

  test("the page's recogniser gets what MediaRecorder recorded, and its text fills the composer", async () => {
    install('SpeechRecognition', undefined);
    install('webkitSpeechRecognition', undefined);
    // The microphone is a real MediaStream from Web Audio (an oscillator): this headless Chromium has no capture device.
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const line = audio.createMediaStreamDestination();
    tone.connect(line);
    tone.start();
    const mediaDevices = Object.create(navigator.mediaDevices) as MediaDevices;
    mediaDevices.getUserMedia = async () => line.stream;
    Object.defineProperty(navigator, 'mediaDevices', { value: mediaDevices, configurable: true });
    try {
      const chat = await mountChat({ provider: false });
      const heard: Array<{ audio: Blob; lang: string }> = [];
      chat.transcribe = async (blob, { lang }) => (heard.push({ audio: blob, lang }), 'hello from the page');
      await chat.updateComplete;
      await userEvent.type(input(chat), 'Note:');
      await userEvent.click(mic(chat)!);
      await expect.poll(() => mic(chat)!.getAttribute('aria-pressed')).toBe('true');
      await new Promise((resolve) => setTimeout(resolve, 300));
      await userEvent.click(mic(chat)!);
      await expect.poll(() => input(chat).value, { timeout: 5000 }).toBe('Note: hello from the page');
      expect(heard).toHaveLength(1);
      expect(heard[0]!.audio.type).toMatch(/^audio\//);
      expect(heard[0]!.audio.size).toBeGreaterThan(0);
      expect(heard[0]!.lang).toBe(document.documentElement.lang || navigator.language);
      expect(mic(chat)!.getAttribute('aria-pressed')).toBe('false');
      expect(line.stream.getTracks().every((track) => track.readyState === 'ended')).toBe(true);
    } finally {
      delete (navigator as unknown as Record<string, unknown>).mediaDevices;
      tone.stop();
      await audio.close();
    }
  });

  test('no microphone where nothing can recognise speech; one with a recogniser of the page', async () => {
    install('SpeechRecognition', undefined);
    install('webkitSpeechRecognition', undefined);
    const chat = await mountChat({ provider: false });
    expect(mic(chat)).toBeNull();
    chat.transcribe = async () => 'from the page';
    await chat.updateComplete;
    expect(mic(chat)).not.toBeNull();
  });
});

describe('<mcp-chat> read aloud', () => {
  async function answered(chat: McpChat, text: string): Promise<HTMLButtonElement> {
    const key = `voice-${Math.random().toString(36).slice(2, 8)}`;
    await script(key, [{ text }]);
    const ends = turnEnds(chat);
    input(chat).value = `[[script:${key}]] ?`;
    input(chat).dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
    await ends.reach(1);
    await chat.updateComplete;
    return expect
      .poll(() => shadow(chat).querySelector<HTMLButtonElement>('[part~="read-aloud-button"]'))
      .not.toBeNull()
      .then(() => shadow(chat).querySelector<HTMLButtonElement>('[part~="read-aloud-button"]')!);
  }

  test('an Arabic answer is read with an Arabic voice (on-device first), and Stop stops it', async () => {
    synth.voices = [voice('Samantha', 'en-US', true, true), voice('Google العربية', 'ar-EG', false), voice('Maged', 'ar-SA', true)];
    synth.autoEnd = false;
    const chat = await mountChat({ provider: true });
    chat.lang = 'ar';
    await chat.updateComplete;
    const button = await answered(chat, 'الطقس مشمس في القاهرة اليوم. درجة الحرارة ثلاثون.');
    expect(button.getAttribute('aria-label')).toBe('قراءة بصوت عالٍ');
    await userEvent.click(button);
    await expect.poll(() => synth.spoken.length).toBe(1);
    expect((synth.spoken[0]!.voice as Voice).name).toBe('Maged');
    expect(synth.spoken[0]!.lang).toBe('ar-SA');
    expect(synth.spoken[0]!.text).toBe('الطقس مشمس في القاهرة اليوم. درجة الحرارة ثلاثون.');
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
    expect(button.dataset.tip).toBe('إيقاف القراءة');
    await userEvent.click(button);
    expect(synth.cancelled).toBe(1);
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe('false');
    expect(errors(chat)).toEqual([]);
    expect((await axe.run(shadow(chat).querySelector('[part~="message-actions"]')!, { resultTypes: ['violations'] })).violations).toEqual(
      [],
    );
  });

  test('with English voices only, an Arabic answer is not read with an English voice: the chat says why', async () => {
    synth.voices = [voice('Samantha', 'en-US', true, true), voice('Daniel', 'en-GB')];
    const chat = await mountChat({ provider: true });
    const button = await answered(chat, 'مرحبا، كيف يمكنني مساعدتك اليوم؟');
    await userEvent.click(button);
    await expect.poll(() => errors(chat).join(' ')).toContain('This browser has no Arabic voice, so the answer was not read aloud.');
    expect(synth.spoken).toEqual([]);
  });

  test('no Read aloud where the browser lists no voice', async () => {
    synth.voices = [];
    const chat = await mountChat({ provider: true });
    const key = `voice-${Math.random().toString(36).slice(2, 8)}`;
    await script(key, [{ text: 'Hello there.' }]);
    const ends = turnEnds(chat);
    input(chat).value = `[[script:${key}]] ?`;
    input(chat).dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
    await ends.reach(1);
    await expect.poll(() => shadow(chat).querySelector('[part~="copy-button"]')).not.toBeNull();
    expect(shadow(chat).querySelector('[part~="read-aloud-button"]')).toBeNull();
    expect(shadow(chat).querySelector('[part~="hands-free-button"]')).toBeNull();
  });
});

describe('<mcp-chat> hands-free', () => {
  test('sends what is heard, reads the answer, listens again; a tool approval is said aloud and still asked on screen', async () => {
    const key = `voice-${Math.random().toString(36).slice(2, 8)}`;
    await script(key, [{ text: 'It is sunny in Paris.' }, { toolCalls: [{ name: 'delete-note', input: { id: '3' } }] }, { text: 'Done.' }]);
    const chat = await mountChat({ provider: true });
    const ends = turnEnds(chat);
    const toggle = shadow(chat).querySelector<HTMLButtonElement>('[part~="hands-free-button"]')!;
    expect(toggle.getAttribute('aria-label')).toBe('Hands-free');
    await userEvent.click(toggle);
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    const first = await started();
    // Hands-free ends at the first pause.
    expect(first.continuous).toBe(false);
    first.hear([{ transcript: `[[script:${key}]] weather in Paris`, isFinal: true }]);
    first.stop();
    await ends.reach(1);
    expect(chat.messages[0]!.content).toEqual([{ type: 'text', text: `[[script:${key}]] weather in Paris` }]);
    await expect.poll(() => synth.spoken.map((u) => u.text)).toEqual(['It is sunny in Paris.']);
    // Read, then listening again.
    const second = await started(2);
    second.hear([{ transcript: `[[script:${key}]] delete note three`, isFinal: true }]);
    second.stop();
    const card = await expect
      .poll(() => deepAll(shadow(chat), 'mcp-tool-card')[0], { timeout: 10_000 })
      .toBeTruthy()
      .then(() => deepAll(shadow(chat), 'mcp-tool-card')[0]!);
    await expect.poll(() => card.shadowRoot!.querySelector('[part="status"]')?.textContent).toBe('Needs your approval');
    await expect.poll(() => synth.spoken.at(-1)?.text).toMatch(/needs your approval\. Choose Approve or Deny on the screen\.$/);
    // Never approved for the person: still waiting, not listening meanwhile.
    expect(chat.busy).toBe(true);
    expect(StandInRecognition.made.filter((r) => r.state === 'started')).toEqual([]);
    expect(card.shadowRoot!.querySelector('[part="approve-button"]')).not.toBeNull();
    await userEvent.click(card.shadowRoot!.querySelector('[part="deny-button"]')!);
    await ends.reach(2);
    await expect.poll(() => synth.spoken.at(-1)?.text).toBe('Done.');
    await started(3);
    // Off: stops listening.
    await userEvent.click(toggle);
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    expect(StandInRecognition.made[2]!.state).toBe('ended');
  });
});

describe("<mcp-chat> hands-free with the page's recogniser", () => {
  // What stands in for what: the microphone is a real MediaStream from Web Audio (this headless Chromium has no
  // capture device): for each getUserMedia call an OscillatorNode plays a tone (the person speaking) through a
  // GainNode that falls to zero after `speaks` seconds (the person stops), into a MediaStreamAudioDestinationNode.
  // The chat records that stream with the real MediaRecorder and measures it with a real AnalyserNode. The page's
  // recogniser (`transcribe`, the owner's function) answers each recording with the next scripted sentence.
  async function person(speaks: number) {
    const audio = new AudioContext();
    await audio.resume();
    const tone = audio.createOscillator();
    tone.start();
    const streams: MediaStream[] = [];
    const mediaDevices = Object.create(navigator.mediaDevices) as MediaDevices;
    mediaDevices.getUserMedia = async () => {
      const voice = audio.createGain();
      const line = audio.createMediaStreamDestination();
      voice.gain.setValueAtTime(speaks > 0 ? 0.5 : 0, audio.currentTime);
      voice.gain.setValueAtTime(0, audio.currentTime + Math.max(speaks, 0));
      tone.connect(voice).connect(line);
      streams.push(line.stream);
      return line.stream;
    };
    Object.defineProperty(navigator, 'mediaDevices', { value: mediaDevices, configurable: true });
    return {
      streams,
      open: () => streams.filter((s) => s.getTracks().some((t) => t.readyState === 'live')).length,
      async close() {
        delete (navigator as unknown as Record<string, unknown>).mediaDevices;
        tone.stop();
        await audio.close();
      },
    };
  }

  beforeEach(() => {
    install('SpeechRecognition', undefined);
    install('webkitSpeechRecognition', undefined);
  });

  test('a recording ends on silence: sent, the answer read, listening again, with no press; an approval is spoken and asked on screen', async () => {
    const key = `voice-${Math.random().toString(36).slice(2, 8)}`;
    await script(key, [{ text: 'It is sunny in Paris.' }, { toolCalls: [{ name: 'delete-note', input: { id: '3' } }] }, { text: 'Done.' }]);
    const mic = await person(0.4);
    try {
      const said = [`[[script:${key}]] weather in Paris`, `[[script:${key}]] delete note three`];
      const heard: Blob[] = [];
      const chat = await mountChat({ provider: true });
      chat.transcribe = async (audio) => (heard.push(audio), said[heard.length - 1] ?? '');
      await chat.updateComplete;
      const ends = turnEnds(chat);
      const toggle = shadow(chat).querySelector<HTMLButtonElement>('[part~="hands-free-button"]')!;
      await userEvent.click(toggle);
      // No further press: the first recording ends 1.2 s after the tone stops, and is sent.
      await ends.reach(1);
      expect(heard).toHaveLength(1);
      expect(heard[0]!.size).toBeGreaterThan(0);
      expect(chat.messages[0]!.content).toEqual([{ type: 'text', text: said[0] }]);
      expect(mic.streams[0]!.getTracks().every((t) => t.readyState === 'ended')).toBe(true);
      await expect.poll(() => synth.spoken.map((u) => u.text)).toEqual(['It is sunny in Paris.']);
      // Read, then listening again, then sent again on silence: the tool waits for approval.
      const card = await expect
        .poll(() => deepAll(shadow(chat), 'mcp-tool-card')[0], { timeout: 15_000 })
        .toBeTruthy()
        .then(() => deepAll(shadow(chat), 'mcp-tool-card')[0]!);
      expect(heard).toHaveLength(2);
      await expect.poll(() => card.shadowRoot!.querySelector('[part="status"]')?.textContent).toBe('Needs your approval');
      await expect.poll(() => synth.spoken.at(-1)?.text).toMatch(/needs your approval\. Choose Approve or Deny on the screen\.$/);
      // Never approved for the person, and the microphone is closed while the turn waits.
      expect(chat.busy).toBe(true);
      expect(mic.streams).toHaveLength(2);
      expect(mic.open()).toBe(0);
      await userEvent.click(card.shadowRoot!.querySelector('[part="deny-button"]')!);
      await ends.reach(2);
      await expect.poll(() => synth.spoken.at(-1)?.text).toBe('Done.');
      // Listening a third time; turning hands-free off closes the microphone and sends nothing.
      await expect.poll(() => mic.open()).toBe(1);
      await userEvent.click(toggle);
      await expect.poll(() => mic.open()).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard).toHaveLength(2);
      expect(chat.messages.filter((m) => m.role === 'user' && m.content.some((b) => b.type === 'text'))).toHaveLength(2);
      expect(toggle.getAttribute('aria-pressed')).toBe('false');
    } finally {
      await mic.close();
    }
  });

  test('the limits: speech that never pauses is sent at the longest recording; silence alone is "No speech was heard", nothing sent', async () => {
    const limits = { ...HANDS_FREE_LISTENING };
    // Shortened for the test (the chat reads them at each recording): 30 s and 8 s by default.
    Object.assign(HANDS_FREE_LISTENING, { maxMs: 1500, noSpeechMs: 800 });
    const key = `voice-${Math.random().toString(36).slice(2, 8)}`;
    await script(key, [{ text: 'Noted.' }]);
    const talker = await person(60);
    try {
      const heard: Blob[] = [];
      const chat = await mountChat({ provider: true });
      chat.transcribe = async (audio) => (heard.push(audio), `[[script:${key}]] a very long story`);
      await chat.updateComplete;
      const ends = turnEnds(chat);
      const began = performance.now();
      await userEvent.click(shadow(chat).querySelector<HTMLButtonElement>('[part~="hands-free-button"]')!);
      await ends.reach(1);
      expect(performance.now() - began).toBeGreaterThanOrEqual(1500);
      expect(heard).toHaveLength(1);
      expect(chat.messages[0]!.content).toEqual([{ type: 'text', text: `[[script:${key}]] a very long story` }]);
      await expect.poll(() => talker.open(), { timeout: 5000 }).toBe(1);
      await userEvent.click(shadow(chat).querySelector<HTMLButtonElement>('[part~="hands-free-button"]')!);
      await expect.poll(() => talker.open()).toBe(0);
    } finally {
      await talker.close();
    }
    const silent = await person(0);
    try {
      const heard: Blob[] = [];
      const chat = await mountChat({ provider: true });
      chat.transcribe = async (audio) => (heard.push(audio), 'never');
      await chat.updateComplete;
      await userEvent.click(shadow(chat).querySelector<HTMLButtonElement>('[part~="hands-free-button"]')!);
      await expect
        .poll(() => errors(chat).join(' '), { timeout: 5000 })
        .toContain('No speech was heard. Press the microphone and speak again.');
      expect(silent.open()).toBe(0);
      expect(heard).toEqual([]);
      expect(chat.messages).toEqual([]);
      expect(mic(chat)!.getAttribute('aria-pressed')).toBe('false');
    } finally {
      Object.assign(HANDS_FREE_LISTENING, limits);
      await silent.close();
    }
  });
});
