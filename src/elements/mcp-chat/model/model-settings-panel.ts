import type { ChatStrings } from '../strings.js';
import { errorInWords } from '../error-words.js';
import { DEFAULT_BASE_URLS, isBuiltInKind, isProvider, type ProviderConfig } from './provider-config.js';
import type { ModelSettings } from './model-settings.js';
import { renderSettingsPanel } from './settings-panel.js';

/**
 * The Settings panel of `settings`, in the panels' chunk (shell/panels.chunk.ts):
 * what the panel shows, read from the model settings' getters, and what its
 * buttons do, through their methods; "List models" asks the endpoint here and
 * hands the result to `modelsListed`. `done` closes the panel after "Use this model".
 */
export function renderModelSettingsPanel(settings: ModelSettings, text: ChatStrings, done: () => void) {
  const { page, ollamaUrl, allowKeyStorage } = settings.page;
  const choose = (config: ProviderConfig, withKey: boolean) => {
    settings.choose(config, withKey);
    done();
  };
  return renderSettingsPanel(
    {
      config: settings.currentConfig(),
      draftKind: settings.draftKind,
      pageProvider: isProvider(page.provider) ? (page.provider.label ?? '') : undefined,
      model: page.model,
      models: settings.models,
      ollama: settings.ollama,
      ollamaUrl,
      allowKeyStorage,
      text,
      lang: settings.lang,
      builtIn: (['browser', 'on-device'] as const).flatMap((kind) => {
        const model = settings.builtIn(kind);
        return model ? [settings.builtInCard(model)] : [];
      }),
    },
    {
      choose,
      listModels: (next) => void listModels(settings, next, text),
      pickKind: (kind) => settings.pickKind(kind),
      ...settings.builtInActions(done),
    },
  );
}

/** "List models": asks the endpoint for its models, for the form's list. */
async function listModels(settings: ModelSettings, config: ProviderConfig, text: ChatStrings): Promise<void> {
  const base = config.baseUrl || (isBuiltInKind(config.kind) ? '' : DEFAULT_BASE_URLS[config.kind]);
  try {
    const models = await (await settings.providers.load()).fetchModelIds(config);
    settings.modelsListed(models, models.length ? undefined : { message: text.noModelsListed(base) });
  } catch (error) {
    settings.modelsListed([], { message: text.modelsUnreachable(base, errorInWords(error, text), config.kind), error });
  }
}
