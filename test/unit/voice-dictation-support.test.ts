import { describe, expect, it } from 'vitest';
import {
  dictationWay,
  onDeviceAvailable,
  recognitionConstructor,
  type RecognitionConstructorLike,
} from '../../src/elements/mcp-chat/voice/dictation-support.js';

// Window-like records holding only the globals the choice reads; the classes stand in for the
// browser's SpeechRecognition / MediaRecorder constructors (Node has neither).
class Recognition {}
class Recorder {}
const canRecordWindow = { MediaRecorder: Recorder, navigator: { mediaDevices: { getUserMedia: async () => undefined } } };
const recogniser = async (_audio: Blob) => 'text';

describe('dictation support: the mic is offered only where something can recognise speech', () => {
  it('uses the prefixed constructor when only webkitSpeechRecognition exists', () => {
    expect(recognitionConstructor({ webkitSpeechRecognition: Recognition })).toBe(Recognition);
    expect(dictationWay({ webkitSpeechRecognition: Recognition }, undefined)).toBe('web-speech');
  });

  it('has no way (the mic hidden) with no recogniser, or an owner recogniser but no way to record', () => {
    expect(dictationWay({}, undefined)).toBeUndefined();
    expect(dictationWay({ SpeechRecognition: 'not a constructor' }, undefined)).toBeUndefined();
    expect(dictationWay({ MediaRecorder: Recorder }, recogniser)).toBeUndefined();
  });

  it("prefers the owner's recogniser when the page can record", () => {
    expect(dictationWay({ ...canRecordWindow, SpeechRecognition: Recognition }, recogniser)).toBe('owner');
    expect(dictationWay(canRecordWindow, recogniser)).toBe('owner');
  });

  it("asks for on-device recognition only when available() says 'available'", async () => {
    const withAnswer = (answer: string | Error): RecognitionConstructorLike =>
      Object.assign(class {}, {
        available: async (options: { langs: string[]; processLocally?: boolean }) => {
          expect(options).toEqual({ langs: ['ar'], processLocally: true });
          if (answer instanceof Error) throw answer;
          return answer;
        },
      });
    expect(await onDeviceAvailable(withAnswer('available'), 'ar')).toBe(true);
    expect(await onDeviceAvailable(withAnswer('downloadable'), 'ar')).toBe(false);
    expect(await onDeviceAvailable(withAnswer(new Error('blocked by policy')), 'ar')).toBe(false);
    expect(await onDeviceAvailable(Recognition, 'ar')).toBe(false);
  });
});
