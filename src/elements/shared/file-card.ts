// The file card: one file shown by its name, type, size and (for text) a
// preview, never its raw bytes. Drawn by the content block (a file a tool
// returned, with Download) and by the app view (a file an app asks to save,
// whose Save and Cancel are the question's). Both are loaded later, never by
// the first load.
import { css, html, nothing } from 'lit';
import type { FileWords } from './file-words.js';
import { icon } from './icons-later.js';
import { parseCsv } from '../../content/csv.js';

/** Rows a CSV preview shows (the file itself is whole when saved). */
const PREVIEW_ROWS = 200;

/** A text file's preview: a table for CSV, else the text as text (never markup, never run). */
function previewOf(text: string, type: string, words: FileWords) {
  if (type !== 'text/csv') return html`<pre>${text}</pre>`;
  const [head, ...rows] = parseCsv(text);
  return html`<table>
      ${head ? html`<thead><tr>${head.map((c) => html`<th scope="col">${c}</th>`)}</tr></thead>` : nothing}
      <tbody>${rows.slice(0, PREVIEW_ROWS).map((r) => html`<tr>${r.map((c) => html`<td>${c}</td>`)}</tr>`)}</tbody>
    </table>
    ${rows.length > PREVIEW_ROWS ? html`<p class="meta">${words.firstRows(PREVIEW_ROWS, rows.length)}</p>` : nothing}`;
}

export interface FileCard {
  name: string;
  type: string;
  /** In bytes; left out when not known yet (a file read from the server on save). */
  size?: number;
  /** The file's text, for a text file: offers a Preview. */
  text?: string;
  /** Its preview is open. */
  previewOpen: boolean;
  onTogglePreview: () => void;
  /** Saves the file; without it the card has no Download button (the question around it decides). */
  onDownload?: () => void;
  words: FileWords;
  /** Makes the preview's id unique on the page part (several cards in one question). */
  key?: string;
}

/** A file card: icon, name, type and size, Preview for text, Download when given. */
export function fileCard(f: FileCard) {
  const previewId = `preview-${(f.key ?? '') + f.name.replace(/[^a-z0-9]/gi, '-')}`;
  const { words } = f;
  return html`<figure part="resource file-card" class="file-card">
    <div class="file-row">
      <span class="file-icon" aria-hidden="true">${icon('file-text')}</span>
      <span class="file-text"><span class="file-name">${f.name}</span><span class="file-meta">${words.facts(f.type, f.size)}</span></span>
      ${
        f.text !== undefined
          ? html`<button part="file-preview-button" class="small-button" type="button" aria-expanded=${f.previewOpen ? 'true' : 'false'} aria-controls=${previewId} aria-label=${`${words.preview} ${f.name}`} @click=${f.onTogglePreview}>
              ${words.preview}
            </button>`
          : nothing
      }
      ${
        f.onDownload
          ? html`<button part="download-button" class="small-button" type="button" aria-label=${words.downloadNamed(f.name)} @click=${f.onDownload}>
              ${icon('download')} ${words.download}
            </button>`
          : nothing
      }
    </div>
    <!-- The preview scrolls: it takes the focus so a keyboard can scroll it. -->
    ${f.text !== undefined && f.previewOpen ? html`<div part="file-preview" class="file-preview" id=${previewId} tabindex="0" role="region" aria-label=${`${words.preview} ${f.name}`}>${previewOf(f.text, f.type, words)}</div>` : nothing}
  </figure>`;
}

/** The card's look (the host's tokens: `--_mcp-color-border`, `--_mcp-color-accent`, `--_mcp-color-surface`). */
export const fileCardStyles = css`
  .file-card { margin: 0; border: 1px solid var(--_mcp-color-border); border-radius: 12px; overflow: hidden; max-width: 36rem; }
  .file-row { display: flex; align-items: center; gap: 10px; padding: 8px 10px; flex-wrap: wrap; }
  .file-icon {
    display: inline-grid; place-items: center; flex: none; width: 36px; height: 36px; border-radius: 8px;
    background: color-mix(in srgb, var(--_mcp-color-accent) 14%, transparent); color: var(--_mcp-color-accent);
  }
  .file-icon svg { width: 18px; height: 18px; }
  .file-text { display: flex; flex-direction: column; min-width: 0; flex: 1 1 8rem; }
  .file-name { font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .file-meta { font-size: 0.85em; opacity: 0.75; }
  .file-card .small-button {
    display: inline-flex; align-items: center; gap: 6px; min-height: 32px; padding: 0 12px; border-radius: 8px;
    border: 1px solid var(--_mcp-color-border); background: transparent; color: inherit; font: inherit; font-size: 0.875em; cursor: pointer;
  }
  .file-card .small-button svg { width: 16px; height: 16px; }
  .file-preview { border-top: 1px solid var(--_mcp-color-border); max-height: 20rem; overflow: auto; }
  .file-preview pre { margin: 0; padding: 8px 10px; white-space: pre-wrap; font-size: 0.85em; }
  .file-preview table { border-collapse: collapse; font-size: 0.85em; width: 100%; }
  .file-preview th, .file-preview td { text-align: start; padding: 4px 10px; border-bottom: 1px solid var(--_mcp-color-border); }
  .file-preview th { background: var(--_mcp-color-surface); position: sticky; top: 0; }
`;
