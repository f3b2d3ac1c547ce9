/**
 * Which way this page can turn speech into text (issue 40 item 3, first piece).
 *
 * The microphone button is shown only where something can recognise speech: the browser's Web Speech
 * API (`SpeechRecognition`, or `webkitSpeechRecognition` in Chromium and Safari), or a recogniser the
 * owner plugs in (a function from a recorded audio Blob to text), which needs `MediaRecorder` and
 * `navigator.mediaDevices.getUserMedia` to record. Pure reads of a window-like object, so the choice is
 * tested without a browser.
 */

/** The static side of `SpeechRecognition` this module reads; `available` is the on-device check of the current spec. */
export interface RecognitionConstructorLike {
  new (): unknown;
  available?: (options: { langs: string[]; processLocally?: boolean }) => Promise<string>;
}

/** The parts of `window` the choice reads. */
export interface SpeechWindowLike {
  SpeechRecognition?: unknown;
  webkitSpeechRecognition?: unknown;
  MediaRecorder?: unknown;
  navigator?: { mediaDevices?: { getUserMedia?: unknown } };
}

/** `'owner'`: record and hand the audio to the owner's recogniser; `'web-speech'`: the browser's recogniser; `undefined`: no way, hide the button. */
export type DictationWay = 'owner' | 'web-speech' | undefined;

/** The browser's recognition constructor, standard name first, or `undefined`. */
export function recognitionConstructor(win: SpeechWindowLike): RecognitionConstructorLike | undefined {
  const ctor = win.SpeechRecognition ?? win.webkitSpeechRecognition;
  return typeof ctor === 'function' ? (ctor as RecognitionConstructorLike) : undefined;
}

/** Whether the page can record audio for an owner's recogniser. */
export function canRecord(win: SpeechWindowLike): boolean {
  return typeof win.MediaRecorder === 'function' && typeof win.navigator?.mediaDevices?.getUserMedia === 'function';
}

/**
 * The way dictation will run. The owner's recogniser wins when set and the page can record (the owner
 * chose it, e.g. for privacy or a language the browser lacks); otherwise the browser's recogniser.
 */
export function dictationWay(win: SpeechWindowLike, ownerRecogniser: unknown): DictationWay {
  if (typeof ownerRecogniser === 'function' && canRecord(win)) return 'owner';
  if (recognitionConstructor(win)) return 'web-speech';
  return undefined;
}

/**
 * Whether to ask the browser to recognise on the device (`recognition.processLocally = true`): only
 * when the spec's `SpeechRecognition.available({ langs, processLocally: true })` says the language is
 * `'available'` already. Any other answer, a rejection, or an older browser without `available()`
 * leaves the choice to the browser, so dictation still works there.
 */
export async function onDeviceAvailable(ctor: RecognitionConstructorLike, lang: string): Promise<boolean> {
  if (typeof ctor.available !== 'function') return false;
  try {
    return (await ctor.available({ langs: [lang], processLocally: true })) === 'available';
  } catch {
    return false;
  }
}
