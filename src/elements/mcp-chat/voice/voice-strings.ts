// The English words of dictation and read-aloud (`VoiceStrings`, strings.ts): imported by the voice chunk
// alone, so they stay out of the chat's first load.
import type { VoiceStrings } from '../strings.js';

/** English. */
export const VOICE_STRINGS_EN: VoiceStrings = {
  micDenied: "This page may not use your microphone. Allow it in the browser's site settings, then try again.",
  noMicrophone: 'No microphone was found. Connect one, then try again.',
  speechNetwork: 'Speech recognition could not reach its service. Try again, or type your message.',
  noSpeech: 'No speech was heard. Press the microphone and speak again.',
  speechLanguage: (language) => `This browser cannot recognise speech in ${language}. Type your message instead.`,
  dictationFailed: (detail) => `Dictation stopped: ${detail}. Try again, or type your message.`,
  listening: 'Listening…',
  transcribing: 'Turning your speech into text…',
  dictationCancelled: 'Dictation cancelled.',
  noVoice: (language) =>
    `This browser has no ${language} voice, so the answer was not read aloud. A voice can be added in the system's speech settings.`,
  readAloudFailed: 'The answer could not be read aloud.',
  approvalSpoken: (tool) => `${tool} needs your approval. Choose Approve or Deny on the screen.`,
  handsFreeOn: 'Hands-free on: each answer is read aloud, then the chat listens again.',
  handsFreeOff: 'Hands-free off.',
};
