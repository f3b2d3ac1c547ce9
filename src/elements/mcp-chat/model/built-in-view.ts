import { css, html, nothing } from 'lit';
import type { ChatStrings } from '../strings.js';
import { formatBytes, type BuiltInState } from './built-in-model.js';
import type { BuiltInKind } from './provider-config.js';
// The panels' English text (`PanelEnglishKey`): added to the table before this module's code runs.
import '../strings-en-later.js';
// The English text of answers (`AnswerEnglishKey`): added to the table before this module's code runs.
import '../strings-en-answers.js';

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
  /** Where the model is downloaded from (a site's name), when known. */
  source?: string;
  /** A larger open model this device can take, offered instead (name, size in bytes, site). */
  better?: { label: string; size?: number; source: string };
}

/** What a built-in card's buttons do. */
export interface BuiltInActions {
  /** The person agreed to the download (called from their click). */
  download(kind: BuiltInKind): void;
  cancel(kind: BuiltInKind): void;
  /** Use this model from now on. */
  useBuiltIn(kind: BuiltInKind): void;
  /** The person chose the larger open model instead (called from their click: its download starts). */
  downloadBetter(): void;
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
  const use = card.inUse
    ? html`<span class="badge">${t.modelInUse}</span>`
    : // An open model not on this device yet is used once its download (the click on Download) ends.
      s.state === 'available' || (s.state === 'downloadable' && card.kind === 'browser')
      ? html`<button type="button" @click=${() => actions.useBuiltIn(card.kind)}>${t.useBuiltIn}</button>`
      : nothing;
  return html`<div class="built-in-model" data-kind=${card.kind} data-state=${s.state}>
    <div class="built-in-head"><strong>${card.name}</strong>${use}</div>
    ${s.state === 'checking' ? html`<p class="hint">${t.modelChecking}</p>` : nothing}
    ${s.state === 'available' ? html`<p class="hint">${t.modelReady}</p>` : nothing}
    ${renderDownload(card, t, actions, locale)}
    ${s.state === 'unavailable' ? html`<p class="hint">${t.modelUnavailable(s.reason)}</p><p class="hint">${t.ownerCanSetModel}</p>` : nothing}
  </div>`;
}

/**
 * The consent and the download: before it, what the model is, its size, where it
 * comes from, that it stays on this device, and about how long it takes, with the
 * Download button (the click is the consent); during it, the bytes so far, the
 * time left and Cancel; after a failure, what happened and what to do.
 */
function renderDownload(card: BuiltInCard, t: ChatStrings, actions: BuiltInActions, locale?: string) {
  const s = card.state;
  if (s.state === 'downloadable') {
    const size = s.bytes ? formatBytes(s.bytes, locale) : undefined;
    const about =
      card.source && s.bytes ? t.modelConsent(card.name, size!, card.source, downloadTime(s.bytes, t, locale)) : t.modelDownloadSize(size);
    const better = card.better;
    const betterSize = better?.size ? formatBytes(better.size, locale) : undefined;
    return html`<p class="hint consent">${about}</p>
      ${card.failure ? html`<p class="hint error" role="alert">${t.modelDownloadFailed(card.failure)}</p>` : nothing}
      <div class="row"><button type="button" class="primary" ?disabled=${!card.ready}
        @click=${() => actions.download(card.kind)}>${t.downloadModel(size)}</button></div>
      ${
        better && betterSize
          ? html`<p class="hint better" data-better>${t.betterModel(better.label, betterSize, better.source, downloadTime(better.size!, t, locale))}</p>
              <div class="row"><button type="button" ?disabled=${!card.ready}
                @click=${() => actions.downloadBetter()}>${t.downloadBetter(better.label, betterSize)}</button></div>`
          : nothing
      }`;
  }
  if (s.state !== 'downloading') return nothing;
  const percent = Math.round((s.progress ?? 0) * 100);
  const bytes =
    s.loaded !== undefined && s.total
      ? t.modelDownloadBytes(
          formatBytes(s.loaded, locale),
          formatBytes(s.total, locale),
          s.secondsLeft !== undefined ? formatDuration(s.secondsLeft, locale) : undefined,
        )
      : undefined;
  const said = s.other ? t.modelDownloadingElsewhere : t.modelDownloading(percent);
  const sizes = bytes ? html`<br /><span class="bytes">${bytes}</span>` : nothing;
  return html`<p class="hint"
    aria-hidden="true">${said}${sizes}</p>
    <div class="row"><progress max="100" .value=${percent} aria-label=${t.modelDownloading(percent)}></progress>
    <button type="button" @click=${() => actions.cancel(card.kind)}>${t.cancelDownload}</button></div>`;
}

/**
 * The chat's answer to a message that waits for the model in use to be
 * downloaded: the consent itself, in the conversation (and a way to Settings
 * for another model). The message is answered once the download ends.
 */
export function renderConsentReply(card: BuiltInCard, t: ChatStrings, actions: BuiltInActions, openSettings: () => void, locale?: string) {
  return html`<div part="model-reply" class="model-reply consent-reply" role="note" data-state=${card.state.state}>
    <p dir="auto"><strong>${card.name}</strong></p>
    ${renderDownload(card, t, actions, locale)}
    ${
      card.state.state === 'downloadable'
        ? html`<p class="hint">${t.otherModelsInSettings} <button type="button" class="link"
            @click=${openSettings}>${t.openSettings}</button></p>`
        : nothing
    }
  </div>`;
}

/** About how long `bytes` take at the connection's speed (the browser's estimate, else 20 Mbit/s). */
function downloadTime(bytes: number, t: ChatStrings, locale?: string): string {
  const reported = (navigator as Navigator & { connection?: { downlink?: number } }).connection?.downlink;
  const mbps = reported && reported > 0 ? reported : 20;
  return t.modelDownloadTime(formatDuration((bytes * 8) / (mbps * 1e6), locale), Math.round(mbps));
}

/** "40 s", "3 min", "1.5 h", in the page's language. */
function formatDuration(seconds: number, locale?: string): string {
  const [value, unit] =
    seconds < 60
      ? [Math.max(1, Math.round(seconds)), 'second']
      : seconds < 3600
        ? [Math.round(seconds / 60), 'minute']
        : [Math.round(seconds / 360) / 10, 'hour'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(value);
}

/**
 * The consent's look in the conversation (with this module's code: not in the
 * first load), beside the Settings cards' (panel-content.styles.ts). Long
 * names and addresses wrap instead of running out of the box.
 */
export const consentStyles = css`
  .consent-reply { max-width: 34rem; padding: 14px 16px; border: 1px solid var(--mcp-chat-border); border-radius: 14px; background: var(--mcp-chat-surface); }
  .consent-reply p, .built-in-model p { overflow-wrap: anywhere; }
  .consent-reply .hint { color: inherit; }
  .consent-reply .error { color: var(--mcp-chat-danger); }
  .consent-reply .row { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; width: 100%; }
  .consent-reply progress { flex: 1; min-width: 120px; height: 8px; accent-color: var(--mcp-chat-accent); }
  .consent-reply .bytes { color: var(--mcp-chat-muted); font-variant-numeric: tabular-nums; }
  .consent-reply button.link {
    background: none;
    border: 0;
    padding: 0;
    min-height: 0;
    color: var(--mcp-chat-accent);
    text-decoration: underline;
    cursor: pointer;
    font: inherit;
  }
`;
