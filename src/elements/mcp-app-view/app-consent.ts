import { html, nothing, type TemplateResult } from 'lit';
import type { Tool } from '@modelcontextprotocol/client';
import type { PendingDownload } from './download-file.js';
import { FILE_WORDS_EN } from '../shared/file-words.js';
import { fileCard } from '../shared/file-card.js';

/** A question the view puts to the person on behalf of the app. */
export type AppConsent =
  | { kind: 'link'; href: string; host: string; resolve: (ok: boolean) => void }
  | {
      kind: 'download';
      downloads: PendingDownload[];
      /** Which files' previews are open (by index). */ previews: Set<number>;
      resolve: (ok: boolean) => void;
    }
  | { kind: 'message'; text: string; resolve: (ok: boolean) => void }
  | { kind: 'tool'; tool: Tool; args: Record<string, unknown>; resolve: (ok: boolean) => void };

/** The arguments as the person reads them: JSON, cut at 2,000 characters. */
function argumentsText(args: Record<string, unknown>): string {
  let text: string;
  try {
    text = JSON.stringify(args, null, 2) ?? '{}';
  } catch {
    text = '(arguments that cannot be shown)';
  }
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
}

/**
 * The consent view: what the app asks, who asks (the tool and its server),
 * and the two answers (`update` redraws after a change inside, such as a
 * file's preview opening). The link is shown the way URL elicitation shows it,
 * with its host in bold, so a look-alike stands out.
 */
export function renderConsent(consent: AppConsent, who: string, update: () => void): TemplateResult {
  const answer = (ok: boolean) => () => consent.resolve(ok);
  let question: TemplateResult;
  let yes: string;
  let no = 'Cancel';
  // Questions that act for the person focus the safe answer: an Enter meant for something else refuses.
  let safeFocus = false;
  switch (consent.kind) {
    case 'link': {
      const url = new URL(consent.href);
      question = html`<p>${who} wants to open this page:</p>
        <p part="consent-url" class="url"><span>${url.protocol}//</span><strong part="consent-host">${consent.host}</strong><span>${url.pathname}${url.search}${url.hash}</span></p>
        <p class="hint">It opens in a new tab.</p>`;
      yes = `Open ${consent.host}`;
      break;
    }
    case 'download': {
      // Each file as the chat's file cards show it (name, type, size, Preview for text); Save and Cancel below decide.
      const { downloads, previews } = consent;
      const toggle = (i: number) => () => {
        if (!previews.delete(i)) previews.add(i);
        update();
      };
      question = html`<p>${who} wants to download ${downloads.length === 1 ? 'a file' : `${downloads.length} files`} to your device:</p>
        <div part="consent-file" class="files">
          ${downloads.map((d, i) =>
            fileCard({
              name: d.name,
              type: d.mimeType,
              size: d.data?.size,
              text: d.text,
              previewOpen: previews.has(i),
              onTogglePreview: toggle(i),
              words: FILE_WORDS_EN,
              key: `${i}-`,
            }),
          )}
        </div>`;
      yes = FILE_WORDS_EN.download;
      break;
    }
    case 'message':
      question = html`<p>${who} wants to send this message in the conversation:</p>
        <blockquote part="consent-message">${consent.text}</blockquote>`;
      yes = 'Send';
      safeFocus = true;
      break;
    case 'tool': {
      const title = consent.tool.title ?? consent.tool.annotations?.title ?? consent.tool.name;
      const hints = consent.tool.annotations ?? {};
      const risk =
        hints.destructiveHint === false ? 'It may change data.' : hints.readOnlyHint === true ? '' : 'It may change or delete data.';
      question = html`<p>${who} wants to run <strong part="consent-tool">${title}</strong>${title !== consent.tool.name ? html` (<code>${consent.tool.name}</code>)` : nothing}.</p>
        ${risk ? html`<p class="hint">${risk}</p>` : nothing}
        <pre part="consent-arguments" class="url">${argumentsText(consent.args)}</pre>`;
      yes = 'Allow';
      no = 'Deny';
      safeFocus = true;
      break;
    }
    default: {
      const never: never = consent;
      throw new Error(`Unknown consent ${String(never)}`);
    }
  }
  return html`<section part="consent" class="consent" role="group" aria-labelledby="consent-title">
    <h3 id="consent-title" class="consent-title">The app asks</h3>
    ${question}
    <div class="actions">
      <button part="consent-accept" type="button" class="primary" ?data-autofocus=${!safeFocus} @click=${answer(true)}>${yes}</button>
      <button part="consent-decline" type="button" ?data-autofocus=${safeFocus} @click=${answer(false)}>${no}</button>
    </div>
  </section>`;
}
