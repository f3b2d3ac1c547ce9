import { css, html, nothing } from 'lit';
import type { ContentBlock } from '../../../content/index.js';
import { icon } from '../../shared/icons.js';
import { FILE_WORDS_EN, type FileWords } from '../../shared/file-words.js';
// The English text of answers (`AnswerEnglishKey`): added to the table before this module's code runs.
import '../strings-en-answers.js';

/** A file's name, type and size as its block carries them (read-files.chunk.ts writes them; a resource from a server has its URI). */
export function fileFacts(block: ContentBlock): { name: string; type: string; size?: number } {
  const meta = block._meta ?? {};
  const size = typeof meta['size'] === 'number' ? meta['size'] : undefined;
  if (block.type === 'image' || block.type === 'audio')
    return { name: typeof meta['name'] === 'string' ? meta['name'] : block.type, type: block.mimeType, size };
  if (block.type === 'resource') {
    const r = block.resource;
    const name = typeof r['name'] === 'string' ? r['name'] : r.uri;
    return { name, type: r.mimeType ?? 'file', size };
  }
  if (block.type === 'resource_link') return { name: block.name, type: block.mimeType ?? 'link', size: block.size };
  return { name: block.type, type: block.type, size };
}

/**
 * The blocks attached to the next message, each a chip (thumbnail or file icon, name, type and size) with a remove
 * button; files still being read, and why files were refused, in words (a live region).
 */
export function renderAttachments(
  attachments: readonly ContentBlock[],
  onRemove: (index: number) => void,
  text: { attachedImage: string; removeAttachment: string } = { attachedImage: 'Attached image', removeAttachment: 'Remove attachment' },
  state: { reading: number; refusals: readonly string[] } = { reading: 0, refusals: [] },
  words: FileWords = FILE_WORDS_EN,
) {
  const { reading, refusals } = state;
  return html`${
    attachments.length || reading
      ? html`<ul part="attachments" class="attachments" aria-label=${words.attachments}>
          ${attachments.map((a, i) => {
            const f = fileFacts(a);
            const what = words.facts(f.type, f.size);
            return html`<li class="attachment" part="attachment">
              ${
                a.type === 'image'
                  ? html`<img src=${`data:${a.mimeType};base64,${a.data}`} alt=${text.attachedImage} />`
                  : html`<span class="attachment-icon" aria-hidden="true">${icon('file-text')}</span>`
              }
              <span class="attachment-text"><span class="attachment-name">${f.name}</span><span class="attachment-meta">${what}</span></span>
              <button type="button" class="attachment-remove" aria-label=${`${text.removeAttachment}: ${f.name}`}
                @click=${() => onRemove(i)}>${icon('x')}</button>
            </li>`;
          })}
          ${reading ? html`<li class="attachment reading" aria-busy="true"><span class="attachment-meta">${words.reading(reading)}</span></li>` : nothing}
        </ul>`
      : nothing
  }
    <p part="attachment-refusal" class="attachment-refusal" role="alert">${refusals.join(' ')}</p>`;
}

/** The chips' look: adopted by the chat's shadow root when this code loads (kept out of the first load's styles). */
const chipStyles = css`
    .attachments { display: flex; gap: 8px; flex-wrap: wrap; list-style: none; margin: 0 0 8px; padding: 0; }
    .attachment {
      display: inline-flex;
      gap: 8px;
      align-items: center;
      font-size: 0.85em;
      line-height: 1.3;
      border: 1px solid var(--mcp-chat-border);
      background: var(--mcp-chat-surface, transparent);
      border-radius: 12px;
      padding-block: 6px;
      padding-inline: 6px 2px;
      max-width: min(100%, 18rem);
      min-width: 0;
    }
    .attachment.reading { padding-inline: 10px; color: var(--mcp-chat-muted); }
    .attachment img { height: 36px; width: 36px; object-fit: cover; border-radius: 8px; flex: none; }
    .attachment-icon {
      display: inline-grid; place-items: center; flex: none; width: 36px; height: 36px; border-radius: 8px;
      background: color-mix(in srgb, var(--mcp-chat-accent) 14%, transparent); color: var(--mcp-chat-accent);
    }
    .attachment-icon svg { width: 18px; height: 18px; }
    .attachment-text { display: flex; flex-direction: column; min-width: 0; }
    .attachment-name { font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    .attachment-meta { color: var(--mcp-chat-muted); font-size: 0.92em; }
    .attachment-remove {
      border: 0; min-height: 32px; min-width: 32px; padding: 0; background: transparent; border-radius: 8px;
      display: inline-grid; place-items: center; color: inherit; cursor: pointer; flex: none;
    }
    .attachment-remove:hover { background: color-mix(in srgb, currentColor 10%, transparent); }
    .attachment-remove svg { width: 16px; height: 16px; }
    .attachment-refusal:empty { display: none; }
    .attachment-refusal { margin: 0 0 8px; color: var(--mcp-chat-danger, #b42318); font-size: 0.9em; }
`;

/** Adds the chips' styles to `root` (once). */
export function adoptChipStyles(root: HTMLElement | DocumentFragment): void {
  if (!(root instanceof ShadowRoot)) return;
  const sheet = chipStyles.styleSheet;
  if (sheet && !root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
