import { html, nothing } from 'lit';
import type { ChatStrings } from '../strings.js';
import {
  DEFAULT_BASE_URLS,
  EXAMPLE_MODELS,
  isBuiltInKind,
  type EndpointKind,
  type ProviderConfig,
  type ProviderKind,
} from './provider-config.js';
import { renderBuiltInModels, type BuiltInActions, type BuiltInCard } from './built-in-view.js';
// The panels' English text (`PanelEnglishKey`): added to the table before this module's code runs.
import '../strings-en-later.js';

/** The endpoint kinds of the Settings form (the built-in models have their own cards). */
const ENDPOINT_KINDS: readonly EndpointKind[] = ['openai', 'anthropic', 'ollama'];

/** What the Settings panel draws. */
export interface SettingsPanelView {
  /** The settings shown in the form. */
  config: ProviderConfig;
  /** The kind picked in the form but not yet used (placeholders, model and key field follow it). */
  draftKind?: ProviderKind;
  /** Label of a provider instance the page set, if it did (settings here replace it). */
  pageProvider?: string;
  /** The element's `model`, the form's default model. */
  model?: string;
  models: readonly string[];
  ollama: readonly string[];
  ollamaUrl: string;
  allowKeyStorage: boolean;
  /** Interface text (the strings table). */
  text: ChatStrings;
  /** The chat's language: sizes and times are written in it. */
  lang?: string;
  /** The built-in models and their state (the browser's; the page's open model when it sets `model-url`). */
  builtIn: readonly BuiltInCard[];
}

/** What the Settings panel's buttons do. */
export interface SettingsPanelActions extends BuiltInActions {
  /** Use these settings (and remember them; the key when `withKey`). */
  choose(config: ProviderConfig, withKey: boolean): void;
  listModels(config: ProviderConfig): void;
  /** Another provider kind was picked in the form. */
  pickKind(kind: ProviderKind): void;
}

/** The Settings panel: provider, base URL, key, model (with "List models" and a found Ollama). */
export function renderSettingsPanel(view: SettingsPanelView, actions: SettingsPanelActions) {
  const { config: cfg, ollama, text: t } = view;
  const kind: EndpointKind =
    (view.draftKind && !isBuiltInKind(view.draftKind) ? view.draftKind : undefined) ?? (isBuiltInKind(cfg.kind) ? 'openai' : cfg.kind);
  // Values typed for another kind (an OpenAI URL, model or key) do not carry over.
  const same = kind === cfg.kind;
  const ollamaBase = `${view.ollamaUrl.replace(/\/+$/, '')}/v1`;
  const read = (form: HTMLFormElement): ProviderConfig => {
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value.trim() ?? '';
    const kind = value('kind') as EndpointKind;
    return {
      kind,
      baseUrl: value('baseUrl') || (kind === 'ollama' ? ollamaBase : undefined),
      apiKey: value('apiKey') || undefined,
      model: value('model') || undefined,
    };
  };
  const apply = (event: SubmitEvent) => {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const remember = (form.elements.namedItem('remember') as HTMLInputElement | null)?.checked;
    actions.choose(read(form), Boolean(remember));
  };
  const loadModels = (event: Event) => {
    const { model: _model, ...config } = read((event.target as HTMLElement).closest('form')!);
    actions.listModels(config);
  };
  const models = [...new Set([...view.models, ...(kind === 'ollama' ? ollama : [])])];
  return html`<h2>${t.model}</h2>
    ${view.pageProvider !== undefined ? html`<p class="hint">${t.pageModel(view.pageProvider)}</p>` : nothing}
    ${
      ollama.length
        ? html`<p class="hint" role="status">${t.ollamaFound(view.ollamaUrl, ollama.join(', '))}
          <button type="button"
            @click=${() => actions.choose({ kind: 'ollama', baseUrl: ollamaBase, model: ollama[0] }, false)}>${t.useOllama(ollama[0]!)}</button></p>`
        : nothing
    }
    ${renderBuiltInModels(view.builtIn, t, actions, view.lang)}
    ${view.builtIn.length ? html`<h3>${t.modelService}</h3>` : nothing}
    <form @submit=${apply} class="run-form">
      <label>${t.provider}
        <select name="kind" @change=${(e: Event) => actions.pickKind((e.target as HTMLSelectElement).value as ProviderKind)}>
          ${ENDPOINT_KINDS.map((k) => html`<option value=${k} ?selected=${kind === k}>${t.providerName(k)}</option>`)}
        </select>
      </label>
      <label>${t.baseUrl} <input name="baseUrl" type="url"
        placeholder=${kind === 'ollama' ? ollamaBase : DEFAULT_BASE_URLS[kind]} .value=${same ? (cfg.baseUrl ?? '') : ''} /></label>
      ${
        kind === 'ollama'
          ? html`<p class="hint">${t.ollamaNoKey}</p>`
          : html`<label>${t.apiKey} <input name="apiKey" type="password" autocomplete="off" .value=${same ? (cfg.apiKey ?? '') : ''} /></label>
            <p class="hint">${t.keyNote(!view.allowKeyStorage)}</p>
            ${view.allowKeyStorage ? html`<label class="check"><input name="remember" type="checkbox" /> ${t.rememberKey}</label>` : nothing}`
      }
      <label>${t.model}
        <input name="model" list="model-list" required placeholder=${EXAMPLE_MODELS[kind]} .value=${same ? (cfg.model ?? view.model ?? '') : ''} />
        <datalist id="model-list">${models.map((m) => html`<option value=${m}></option>`)}</datalist>
      </label>
      <div class="row"><button type="button" @click=${loadModels}>${t.listModels}</button><button type="submit" class="primary">${t.useModel}</button></div>
    </form>`;
}
