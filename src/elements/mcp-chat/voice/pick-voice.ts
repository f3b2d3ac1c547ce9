/**
 * Choosing a speech-synthesis voice for the conversation's language (issue 40 item 4, first piece).
 *
 * The read-aloud action speaks an answer in the language it is written in: an Arabic answer gets an
 * Arabic voice when the browser has one. This module is pure (no DOM access) so the choice can be
 * tested against any list of voices; the caller passes `speechSynthesis.getVoices()`.
 */

/** The fields of a `SpeechSynthesisVoice` the choice reads. */
export interface VoiceLike {
  readonly lang: string;
  readonly name: string;
  readonly localService: boolean;
  readonly default: boolean;
}

/** BCP 47 tags compared without case, with `_` read as `-` (some engines report `ar_SA`). */
function normalise(tag: string): string {
  return tag.trim().replace(/_/g, '-').toLowerCase();
}

function primary(tag: string): string {
  return normalise(tag).split('-')[0] ?? '';
}

/**
 * The best voice for `lang`: an exact tag match first (`ar-SA` for `ar-SA`), then the same primary
 * language (`ar-EG` for `ar`), preferring an on-device voice and then the browser's default among
 * equals. Returns `undefined` when no voice speaks the language, so the caller leaves the choice to the
 * browser (setting only `utterance.lang`) rather than reading Arabic with an English voice.
 */
export function pickVoice<V extends VoiceLike>(voices: readonly V[], lang: string): V | undefined {
  const wanted = normalise(lang);
  const wantedPrimary = primary(lang);
  if (!wantedPrimary) return undefined;
  const rank = (voice: V): number => {
    const tag = normalise(voice.lang);
    if (tag === wanted) return 0;
    if (primary(tag) === wantedPrimary) return 1;
    return -1;
  };
  let best: V | undefined;
  let bestScore = Infinity;
  for (const voice of voices) {
    const r = rank(voice);
    if (r < 0) continue;
    const score = r * 4 + (voice.localService ? 0 : 2) + (voice.default ? 0 : 1);
    if (score < bestScore) {
      best = voice;
      bestScore = score;
    }
  }
  return best;
}
