import type { ModelInfo, ModelPreferences } from './types.js';

/**
 * Picks a model for a request's `modelPreferences`, as the MCP spec describes:
 *
 * 1. Hints, in order: the first hint whose name is a substring (case
 *    insensitive) of a configured model's id wins; the first such model in
 *    `models` order is chosen.
 * 2. Priorities: when cost, speed or intelligence priorities are given and
 *    some models declare scores, the model with the highest
 *    `cost*costScore + speed*speedScore + intelligence*intelligenceScore`
 *    wins (ties go to the earlier model; undeclared scores count as 0).
 * 3. Otherwise `fallback` (the configured default; without one, the first of
 *    `models`, and undefined when there are none).
 *
 * Pure: no network, no state.
 */
export function selectModel(preferences: ModelPreferences | undefined, models: readonly ModelInfo[], fallback: string): string;
export function selectModel(preferences: ModelPreferences | undefined, models: readonly ModelInfo[], fallback?: string): string | undefined;
export function selectModel(
  preferences: ModelPreferences | undefined,
  models: readonly ModelInfo[],
  fallback: string | undefined = models[0]?.id,
): string | undefined {
  if (!preferences) return fallback;
  for (const hint of preferences.hints ?? []) {
    const name = hint.name?.trim().toLowerCase();
    if (!name) continue;
    const match = models.find((m) => m.id.toLowerCase().includes(name));
    if (match) return match.id;
  }
  const cost = preferences.costPriority ?? 0;
  const speed = preferences.speedPriority ?? 0;
  const intelligence = preferences.intelligencePriority ?? 0;
  if (cost + speed + intelligence > 0) {
    let best: ModelInfo | undefined;
    let bestScore = -Infinity;
    for (const model of models) {
      if (!model.scores) continue;
      const s = model.scores;
      const score = cost * (s.cost ?? 0) + speed * (s.speed ?? 0) + intelligence * (s.intelligence ?? 0);
      if (score > bestScore) {
        best = model;
        bestScore = score;
      }
    }
    if (best) return best.id;
  }
  return fallback;
}
