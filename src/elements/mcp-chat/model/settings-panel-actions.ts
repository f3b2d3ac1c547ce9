import type { ChatStrings } from '../strings.js';
import { errorInWords } from '../error-words.js';
import { DEFAULT_BASE_URLS, isBuiltInKind, type ProviderConfig, type ProviderKind } from './provider-config.js';
import { isProvider, type ModelSettings } from './model-settings.js';
import { renderSettingsPanel } from './settings-panel.js';

/**
 * The Settings panel's half of the model settings, in the panels' chunk
 * (shell/panels.chunk.ts): the panel drawn from `settings`, "List models", a
 * kind picked in the form. `ModelSettings` keeps what the chat needs when the
 * panel was never opened (the model in use, the header's picker, Ollama's
 * probe when the panel opens). `done` closes the panel after "Use this model".
 */
export function renderModelSettings(settings: ModelSettings, text: ChatStrings, done: () => void) {
  const { host, panel } = settings;
  const { provider, model } = host.page;
  return renderSettingsPanel(
    {
      config: settings.currentConfig(),
      draftKind: panel.draftKind,
      pageProvider: isProvider(provider) ? (provider.label ?? '') : undefined,
      model,
      models: panel.models,
      ollama: panel.ollama,
      ollamaUrl: host.ollamaUrl,
      allowKeyStorage: host.allowKeyStorage,
      text,
      builtIn: (['browser', 'on-device'] as const).flatMap((kind) => {
        const builtIn = settings.builtIn(kind);
        return builtIn
          ? [{ kind, state: builtIn.state, failure: builtIn.failure, ready: builtIn.ready, inUse: settings.inUse() === builtIn, name: kind === 'browser' ? text.browserModelName : text.onDeviceModelName }]
          : [];
      }),
    },
    {
      choose: (next, withKey) => {
        settings.choose(next, withKey);
        done();
      },
      listModels: (next) => void listModels(settings, next),
      pickKind: (kind) => pickKind(settings, kind),
      download: (kind) => settings.builtIn(kind)?.download(),
      cancel: (kind) => settings.builtIn(kind)?.cancel(),
      useBuiltIn: (kind) => {
        settings.choose(kind === 'on-device' ? { kind, modelUrl: host.page.modelUrl } : { kind }, false);
        done();
      },
    },
  );
}

/** "List models": asks the endpoint for its models (for the form's list). */
async function listModels(settings: ModelSettings, config: ProviderConfig): Promise<void> {
  const { host, panel } = settings;
  const base = config.baseUrl || (isBuiltInKind(config.kind) ? '' : DEFAULT_BASE_URLS[config.kind]);
  try {
    panel.models = await (await settings.providers.load()).fetchModelIds(config);
    if (!panel.models.length) host.reportError('provider', host.text.noModelsListed(base), undefined);
  } catch (error) {
    panel.models = [];
    host.reportError('provider', host.text.modelsUnreachable(base, errorInWords(error, host.text), config.kind), error);
  }
  host.requestUpdate();
}

/** The person picked another provider kind in the form (not used until "Use this model"). */
function pickKind(settings: ModelSettings, kind: ProviderKind): void {
  settings.panel.draftKind = kind;
  settings.panel.models = [];
  settings.host.requestUpdate();
}
