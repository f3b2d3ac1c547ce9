import { html, nothing } from 'lit';
import type { ChatStrings } from '../strings.js';
import { formatBytes, type BuiltInState } from './built-in-model.js';
import type { BuiltInKind } from './provider-config.js';
// The panels' English text (`LaterEnglishKey`): added to the table before this module's code runs.
import '../strings-en-later.js';

/** One built-in model as Settings shows it. */
export interface BuiltInCard {
  kind: BuiltInKind;
  name: string;
  state: BuiltInState;
  /** Why the last download failed, if it did. */
  failure?: string;
  /** The code `download()` calls is loaded: the click can start it at once. */
  ready: boolean;
  /** It is the model in use. */
  inUse: boolean;
}

/** What a built-in card's buttons do. */
export interface BuiltInActions {
  /** The person agreed to the download (called from their click). */
  download(kind: BuiltInKind): void;
  cancel(kind: BuiltInKind): void;
  /** Use this model from now on. */
  useBuiltIn(kind: BuiltInKind): void;
}

/**
 * The built-in models in Settings, each with its state: ready, needs a
 * download of N MB (the Download button is the consent), downloading with a
 * `<progress>` and Cancel, or not here (why, and what the site owner can do).
 */
export function renderBuiltInModels(cards: readonly BuiltInCard[], t: ChatStrings, actions: BuiltInActions, locale?: string) {
  if (!cards.length) return nothing;
  return html`<section part="built-in-models" class="built-in" aria-label=${t.builtInModels}>
    <h3>${t.builtInModels}</h3>
    ${cards.map((card) => renderCard(card, t, actions, locale))}
  </section>`;
}

function renderCard(card: BuiltInCard, t: ChatStrings, actions: BuiltInActions, locale?: string) {
  const s = card.state;
  const size = s.state === 'downloadable' && s.bytes ? formatBytes(s.bytes, locale) : undefined;
  const percent = s.state === 'downloading' ? Math.round((s.progress ?? 0) * 100) : 0;
  const use = card.inUse
    ? html`<span class="badge">${t.modelInUse}</span>`
    : s.state === 'available' || s.state === 'downloadable'
      ? html`<button type="button" @click=${() => actions.useBuiltIn(card.kind)}>${t.useBuiltIn}</button>`
      : nothing;
  return html`<div class="built-in-model" data-kind=${card.kind} data-state=${s.state}>
    <div class="built-in-head"><strong>${card.name}</strong>${use}</div>
    ${s.state === 'checking' ? html`<p class="hint">${t.modelChecking}</p>` : nothing}
    ${s.state === 'available' ? html`<p class="hint">${t.modelReady}</p>` : nothing}
    ${s.state === 'downloadable'
      ? html`<p class="hint">${t.modelDownloadSize(size)}</p>
          ${card.failure ? html`<p class="hint error" role="alert">${t.modelDownloadFailed(card.failure)}</p>` : nothing}
          <div class="row"><button type="button" class="primary" ?disabled=${!card.ready} @click=${() => actions.download(card.kind)}>${t.downloadModel(size)}</button></div>`
      : nothing}
    ${s.state === 'downloading'
      ? html`<p class="hint" aria-hidden="true">${t.modelDownloading(percent)}</p>
          <div class="row"><progress max="100" .value=${percent} aria-label=${t.modelDownloading(percent)}></progress>
          <button type="button" @click=${() => actions.cancel(card.kind)}>${t.cancelDownload}</button></div>`
      : nothing}
    ${s.state === 'unavailable' ? html`<p class="hint">${t.modelUnavailable(s.reason)}</p><p class="hint">${t.ownerCanSetModel}</p>` : nothing}
  </div>`;
}
