import { html, nothing, type TemplateResult } from 'lit';
import type { MessageBlock } from '../../content/index.js';
import type { FormStrings } from '../shared/form-strings.js';

/**
 * Read-only rendering of MCP content blocks inside the sampling approval.
 * Everything a server or model sent is untrusted: text goes through Lit text
 * bindings only (never innerHTML); media are shown only for plain
 * `image/*` and `audio/*` MIME types as data URLs.
 */

const SAFE_MIME = /^(image|audio)\/[a-z0-9.+-]+$/i;

/** Pretty JSON for inputs and structured content. */
export const json = (value: unknown): string => JSON.stringify(value, null, 2) ?? 'undefined';

function dataUrl(kind: 'image' | 'audio', mimeType: unknown, data: unknown): string | undefined {
  if (typeof mimeType !== 'string' || typeof data !== 'string') return undefined;
  if (!SAFE_MIME.test(mimeType) || !mimeType.toLowerCase().startsWith(`${kind}/`)) return undefined;
  return `data:${mimeType};base64,${data}`;
}

/** One block as a readable piece of the page (its labels in the words of `t`). */
export function renderBlock(block: MessageBlock, t: FormStrings): TemplateResult {
  switch (block.type) {
    case 'text':
      return html`<div part="block block-text" class="text">${block.text}</div>`;
    case 'image': {
      const src = dataUrl('image', block.mimeType, block.data);
      return src
        ? html`<img part="block block-image" src=${src} alt=${t.blockImage(block.mimeType)} />`
        : html`<div part="block" class="note">${t.blockImageHidden(String(block.mimeType))}</div>`;
    }
    case 'audio': {
      const src = dataUrl('audio', block.mimeType, block.data);
      return src
        ? html`<audio part="block block-audio" controls src=${src} aria-label=${t.blockAudio(block.mimeType)}></audio>`
        : html`<div part="block" class="note">${t.blockAudioHidden(String(block.mimeType))}</div>`;
    }
    case 'resource_link':
      return html`<div part="block block-resource-link" class="card">
        <span class="label">${t.blockResourceLink}</span> ${block.title ?? block.name} <code>${block.uri}</code>
        ${block.description ? html`<div class="muted">${block.description}</div>` : nothing}
      </div>`;
    case 'resource': {
      const r = block.resource;
      return html`<div part="block block-resource" class="card">
        <span class="label">${t.blockResource}</span> <code>${r.uri}</code>
        ${
          'text' in r && typeof r.text === 'string'
            ? html`<pre class="text">${r.text}</pre>`
            : html`<div class="muted">${t.blockBinary(r.mimeType ?? t.blockUnknownType)}</div>`
        }
      </div>`;
    }
    case 'tool_use':
      return html`<div part="block tool-use" class="card tool-use">
        <div><span class="label">${t.blockToolCall}</span> <strong>${block.name}</strong></div>
        <pre class="code" aria-label=${t.blockInputOf(block.name)}>${json(block.input)}</pre>
      </div>`;
    case 'tool_result':
      return html`<div part="block tool-result" class=${block.isError ? 'card tool-result error' : 'card tool-result'}>
        <div>
          <span class="label">${block.isError ? t.blockToolError : t.blockToolResult}</span>
        </div>
        ${(block.content ?? []).map((b) => renderBlock(b, t))}
        ${
          block.structuredContent !== undefined
            ? html`<pre class="code" aria-label=${t.blockStructured}>${json(block.structuredContent)}</pre>`
            : nothing
        }
      </div>`;
    default: {
      const other = block as { type?: unknown };
      return html`<div part="block" class="note">${t.blockOther(String(other.type))}</div>`;
    }
  }
}

/** A list of blocks. */
export const renderBlocks = (blocks: readonly MessageBlock[], t: FormStrings): TemplateResult =>
  html`${blocks.map((b) => renderBlock(b, t))}`;
