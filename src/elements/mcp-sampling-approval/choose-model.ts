import type { ModelPreferences } from '@modelcontextprotocol/client';
import { selectModel } from '../../providers/index.js';
import type { SamplingModelOption } from './sampling-types.js';

/**
 * The model a request will use: the providers' `selectModel` over the
 * configured models (hints, then priorities), falling back to the default
 * model, else the first configured one. Undefined when none is configured.
 */
export function chooseModel(
  preferences: ModelPreferences | undefined,
  models: readonly SamplingModelOption[],
  defaultModel?: string,
): string | undefined {
  const fallback = defaultModel ?? models[0]?.id;
  if (fallback === undefined) return undefined;
  return selectModel(preferences, models, fallback);
}
