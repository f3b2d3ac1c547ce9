import type { ModelPreferences } from '@modelcontextprotocol/client';
import type { SamplingModelOption } from './sampling-types.js';

/**
 * Picks the model for a request from the configured ones, as the spec
 * describes: each hint, in order, matched as a case-insensitive substring;
 * else the priorities weighing models that declare scores; else the default
 * (or the first model). Undefined when no model is configured.
 */
export function chooseModel(
  preferences: ModelPreferences | undefined,
  models: readonly SamplingModelOption[],
  defaultModel?: string,
): string | undefined {
  const fallback = defaultModel ?? models[0]?.id;
  for (const hint of preferences?.hints ?? []) {
    const name = hint.name?.trim().toLowerCase();
    if (!name) continue;
    const match = models.find((m) => m.id.toLowerCase().includes(name));
    if (match) return match.id;
  }
  const cost = preferences?.costPriority ?? 0;
  const speed = preferences?.speedPriority ?? 0;
  const intelligence = preferences?.intelligencePriority ?? 0;
  if (cost + speed + intelligence > 0) {
    let best: SamplingModelOption | undefined;
    let bestScore = -Infinity;
    for (const model of models) {
      if (!model.scores) continue;
      const s = model.scores;
      const score = cost * (s.cost ?? 0) + speed * (s.speed ?? 0) + intelligence * (s.intelligence ?? 0);
      if (score > bestScore) [best, bestScore] = [model, score];
    }
    if (best) return best.id;
  }
  return fallback;
}
