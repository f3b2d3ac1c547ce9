import { html, nothing } from 'lit';
import type { ContentBlock } from '../../../content/index.js';

/**
 * The attached blocks while the file code (read-files.chunk.ts, which draws them as chips with name, type and
 * size) is still loading: kept this small so that the first load does not carry the file code.
 */
export function renderAttachmentsPlain(attachments: readonly ContentBlock[], onRemove: (index: number) => void, removeLabel: string) {
  return attachments.length
    ? html`<ul part="attachments" class="attachments">
        ${attachments.map(
          (a, i) => html`<li class="attachment" part="attachment">
            ${a.type === 'resource' ? a.resource.uri : a.type}
            <button type="button" class="attachment-remove" aria-label=${removeLabel} @click=${() => onRemove(i)}>×</button>
          </li>`,
        )}
      </ul>`
    : nothing;
}
