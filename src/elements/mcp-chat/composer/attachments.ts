import { html, nothing } from 'lit';
import type { ContentBlock } from '../../../content/index.js';

/** Image files (paste, drop, picker) as MCP image blocks; other files are skipped. */
export async function readImageFiles(files: File[]): Promise<Array<{ type: 'image'; data: string; mimeType: string }>> {
  return Promise.all(
    files
      .filter((f) => f.type.startsWith('image/'))
      .map(async (f) => {
        const bytes = new Uint8Array(await f.arrayBuffer());
        let binary = '';
        for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        return { type: 'image' as const, data: btoa(binary), mimeType: f.type };
      }),
  );
}

/** The blocks attached to the next message, each removable. */
export function renderAttachments(
  attachments: readonly ContentBlock[],
  onRemove: (index: number) => void,
  text: { attachedImage: string; removeAttachment: string } = { attachedImage: 'Attached image', removeAttachment: 'Remove attachment' },
) {
  return attachments.length
    ? html`<div part="attachments" class="attachments">
        ${attachments.map(
          (a, i) => html`<span class="attachment">
            ${a.type === 'image' ? html`<img src=${`data:${a.mimeType};base64,${a.data}`} alt=${text.attachedImage} />` : a.type === 'resource' ? a.resource.uri : a.type}
            <button aria-label=${text.removeAttachment} @click=${() => onRemove(i)}>×</button>
          </span>`,
        )}
      </div>`
    : nothing;
}
