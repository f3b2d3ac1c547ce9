import { html, type TemplateResult } from 'lit';
import type { PendingDownload } from './download-file.js';

/** A question the view puts to the person on behalf of the app. */
export type AppConsent =
  | { kind: 'link'; href: string; host: string; resolve: (ok: boolean) => void }
  | { kind: 'download'; download: PendingDownload; resolve: (ok: boolean) => void }
  | { kind: 'message'; text: string; resolve: (ok: boolean) => void };

const size = (blob?: Blob) => (blob ? (blob.size < 1024 ? `${blob.size} bytes` : `${Math.round(blob.size / 1024)} kB`) : 'size unknown');

/**
 * The consent view: what the app asks, who asks (the tool and its server),
 * and the two answers. The link is shown the way URL elicitation shows it,
 * with its host in bold, so a look-alike stands out.
 */
export function renderConsent(consent: AppConsent, who: string): TemplateResult {
  const answer = (ok: boolean) => () => consent.resolve(ok);
  let question: TemplateResult;
  let yes: string;
  switch (consent.kind) {
    case 'link': {
      const url = new URL(consent.href);
      question = html`<p>${who} wants to open this page:</p>
        <p part="consent-url" class="url"><span>${url.protocol}//</span><strong part="consent-host">${consent.host}</strong><span>${url.pathname}${url.search}${url.hash}</span></p>
        <p class="hint">It opens in a new tab.</p>`;
      yes = `Open ${consent.host}`;
      break;
    }
    case 'download':
      question = html`<p>${who} wants to save a file to your device:</p>
        <p part="consent-file" class="url"><strong>${consent.download.name}</strong> <span>(${consent.download.mimeType}, ${size(consent.download.data)})</span></p>`;
      yes = 'Save file';
      break;
    case 'message':
      question = html`<p>${who} wants to send this message in the conversation:</p>
        <blockquote part="consent-message">${consent.text}</blockquote>`;
      yes = 'Send';
      break;
    default: {
      const never: never = consent;
      throw new Error(`Unknown consent ${String(never)}`);
    }
  }
  return html`<section part="consent" class="consent" role="group" aria-labelledby="consent-title">
    <h3 id="consent-title" class="consent-title">The app asks</h3>
    ${question}
    <div class="actions">
      <button part="consent-accept" type="button" class="primary" data-autofocus @click=${answer(true)}>${yes}</button>
      <button part="consent-decline" type="button" @click=${answer(false)}>Cancel</button>
    </div>
  </section>`;
}
