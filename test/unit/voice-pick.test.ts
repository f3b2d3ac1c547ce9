import { describe, expect, it } from 'vitest';
import { pickVoice, type VoiceLike } from '../../src/elements/mcp-chat/voice/pick-voice.js';

// Plain records with the fields of SpeechSynthesisVoice that the choice reads (lang, name, localService, default).
const voice = (lang: string, name: string, localService = true, isDefault = false): VoiceLike => ({
  lang,
  name,
  localService,
  default: isDefault,
});

const voices = [
  voice('en-US', 'English (US)', true, true),
  voice('fr-FR', 'Français'),
  voice('ar-EG', 'العربية (مصر) online', false),
  voice('ar_SA', 'العربية (السعودية)'),
];

describe('pickVoice: a voice in the conversation language', () => {
  it('reads Arabic with an Arabic voice when one exists, preferring the on-device one', () => {
    expect(pickVoice(voices, 'ar')?.name).toBe('العربية (السعودية)');
  });

  it('prefers the exact regional tag, whatever the case or separator', () => {
    expect(pickVoice(voices, 'AR-eg')?.name).toBe('العربية (مصر) online');
    expect(pickVoice(voices, 'ar-SA')?.name).toBe('العربية (السعودية)');
  });

  it('gives no voice rather than a wrong-language one when none speaks it', () => {
    expect(pickVoice(voices, 'ja')).toBeUndefined();
    expect(pickVoice([], 'en')).toBeUndefined();
    expect(pickVoice(voices, '')).toBeUndefined();
  });

  it('among equal matches, takes the browser default', () => {
    const list = [voice('en-GB', 'British'), voice('en-GB', 'Default British', true, true)];
    expect(pickVoice(list, 'en-GB')?.name).toBe('Default British');
  });
});
