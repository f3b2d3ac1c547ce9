import { LitElement, html, nothing, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { customElement, property, query, state } from 'lit/decorators.js';
import { styleMap } from 'lit/directives/style-map.js';
import type { AudioBlock, EmbeddedResourceBlock, ImageBlock, MessageBlock, ResourceLinkBlock } from '../../../content/index.js';
import { McpResourceOpenEvent } from '../../../events/resource-open.js';
import '../../markdown/mcp-markdown.js';
import { contentBlockStyles } from './mcp-content-block.styles.js';
import { contentStrings, type ContentStrings } from '../../shared/content-strings.js';
import { fileWords } from '../../shared/file-words.js';
import { languageOf } from '../../shared/language.js';
import { icon } from '../../shared/icons-later.js';
import { fileCard } from '../../shared/file-card.js';

const IMAGE_MIME = /^image\/[a-z0-9.+-]+$/i;
const AUDIO_MIME = /^audio\/[a-z0-9.+-]+$/i;

/** An image whose longer side is under this (px) is worth enlarging even when shown at its natural size. */
const SMALL_IMAGE = 256;
/** An image whose longer side is at most this (px) is enlarged with hard pixel edges instead of blur. */
const TINY_IMAGE = 96;

/** A `data:` URL for base64 content, or undefined when the type does not fit `allowed`. */
function dataUrl(mimeType: string | undefined, data: string, allowed: RegExp): string | undefined {
  return mimeType && allowed.test(mimeType) ? `data:${mimeType};base64,${data}` : undefined;
}

/** A resource that is a file to save rather than text to read: a blob that is not an image, or text of a file type (CSV, JSON, ...). */
function isFile(r: EmbeddedResourceBlock['resource']): boolean {
  const type = r.mimeType?.toLowerCase();
  if ('blob' in r) return Boolean(type) && !IMAGE_MIME.test(type!);
  return Boolean(type) && type !== 'text/plain' && type !== 'text/markdown';
}

function utf8Base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

const base64Size = (b64: string) => Math.floor((b64.length * 3) / 4) - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0);

/** A file name for a resource URI (its last path segment), for downloads. */
export function fileNameOf(uri: string): string {
  const last = uri.split(/[?#]/)[0]!.split('/').filter(Boolean).pop() ?? 'resource';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * Renders one MCP content block: text as sanitized markdown, images (click to
 * enlarge: a modal dialog showing the image as large as the viewport allows,
 * keeping its aspect ratio, tiny images with hard pixel edges; an image
 * already shown at its natural size that is not small offers no enlarging), audio with a player, resource links (click fires
 * `mcp-resource-open`), embedded resources (text shown, blobs downloadable).
 * `tool_use` and `tool_result` are rendered by `<mcp-tool-card>`; given one
 * here, the block's JSON is shown. Unknown future block types show as JSON too.
 *
 * @summary One MCP content block.
 *
 * @event mcp-resource-open - The person opened a resource link (`McpResourceOpenEvent`, `.link`).
 *
 * @csspart image-button - The button around an image (opens the enlarged view); absent when the image is already shown at its natural size and is not small.
 * @csspart image - An image.
 * @csspart image-dialog - The dialog showing an enlarged image.
 * @csspart audio - The audio player.
 * @csspart resource-link - A resource link (a button).
 * @csspart resource - An embedded resource.
 * @csspart resource-text - The text of an embedded text resource.
 * @csspart download-button - Saves an embedded blob resource, or a returned file, as a file (its bytes intact).
 * @csspart file-card - A file a tool returned (a blob that is not an image, or text of a file type such as CSV or JSON): icon, name, type, size, Download (also a `resource`).
 * @csspart file-preview-button - Opens and closes the preview of a returned text file.
 * @csspart file-preview - The preview of a returned text file: a table for CSV, else the text as text.
 * @csspart unknown - JSON of a block type this version does not know.
 * @csspart text - A text block (the markdown body).
 * @csspart md-code - A code block in text.
 * @csspart md-code-header - The row above a code block (language, copy button).
 * @csspart md-code-language - The language label of a code block.
 * @csspart md-copy-button - The copy button of a code block.
 * @csspart md-table - A table in text.
 * @csspart md-blockquote - A block quote in text.
 * @csspart md-link - A link in text.
 * @csspart md-image - An image in markdown text.
 *
 * @cssproperty --mcp-content-image-max-width - Largest width of an inline image (360px).
 */
@customElement('mcp-content-block')
export class McpContentBlock extends LitElement {
  static override styles = contentBlockStyles;

  /** `light` or `dark`; by default the page's `prefers-color-scheme`. Passed to inner elements. */
  @property({ reflect: true }) theme?: 'light' | 'dark';

  /** The block to show. */
  @property({ attribute: false }) block?: MessageBlock;

  /** For text blocks: keep every line break (as tool results need). */
  @property({ type: Boolean }) breaks = false;

  /** For text blocks: the text is still streaming in. */
  @property({ type: Boolean }) streaming = false;

  /** Interface text (code copy buttons, the enlarged image); keys left out are English. */
  @property({ attribute: false }) strings?: Partial<ContentStrings>;

  @query('dialog') private dialog?: HTMLDialogElement;

  /** Natural size of the image block's image, once loaded. */
  @state() private natural?: { width: number; height: number };
  /** Enlarging would show more than the inline image does. */
  @state() private enlargeable = true;
  /** A returned text file's preview is open. */
  @state() private previewOpen = false;
  /** Watches the width while an image is shown (only then: a long conversation has many blocks). */
  #resize?: ResizeObserver;

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if (changed.has('block') && changed.get('block') !== undefined) {
      this.natural = undefined;
      this.enlargeable = true;
    }
  }

  protected override updated(): void {
    this.#watchWidth(this.block?.type === 'image');
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.hasUpdated) this.#watchWidth(this.block?.type === 'image');
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#watchWidth(false);
  }

  #watchWidth(on: boolean): void {
    if (on && !this.#resize) {
      this.#resize = new ResizeObserver(() => this.#measure());
      this.#resize.observe(this);
    } else if (!on && this.#resize) {
      this.#resize.disconnect();
      this.#resize = undefined;
    }
  }

  protected override render(): TemplateResult | typeof nothing {
    const block = this.block;
    if (!block) return nothing;
    switch (block.type) {
      case 'text':
        return html`<mcp-markdown theme=${ifDefined(this.theme)} exportparts="body:text, md-code, md-code-header, md-code-language, md-copy-button, md-table, md-blockquote, md-link, md-image" .strings=${this.strings} .text=${block.text} ?breaks=${this.breaks} ?streaming=${this.streaming}></mcp-markdown>`;
      case 'image':
        return this.#image(block);
      case 'audio':
        return this.#audio(block);
      case 'resource_link':
        return this.#link(block);
      case 'resource':
        return this.#resource(block);
      default:
        return html`<pre part="unknown" class="unknown">${JSON.stringify(block, null, 2)}</pre>`;
    }
  }

  #image(block: ImageBlock) {
    const src = dataUrl(block.mimeType, block.data, IMAGE_MIME);
    if (!src) return html`<p class="meta">Image of unsupported type ${block.mimeType}</p>`;
    const alt = typeof block._meta?.['alt'] === 'string' ? (block._meta['alt'] as string) : 'Image from the conversation';
    const t = contentStrings(this.strings);
    const img = html`<img part="image" class="inline-image" src=${src} alt=${alt} @load=${this.#onLoad} />`;
    if (!this.enlargeable) return html`<span class="image-frame">${img}</span>`;
    const n = this.natural;
    // Enlarged: as large as the viewport allows (CSS, from the aspect ratio), tiny images with hard pixel edges.
    const size = n ? styleMap({ '--ratio': String(n.width / n.height) }) : nothing;
    const tiny = n && Math.max(n.width, n.height) <= TINY_IMAGE;
    return html`
      <button part="image-button" class="image-button" type="button" aria-label=${t.enlargeImage} aria-haspopup="dialog" @click=${() => this.dialog?.showModal()}>${img}</button>
      <dialog part="image-dialog" aria-label=${t.enlargedImage} @click=${this.#onDialogClick}>
        <div class="dialog-bar">
          <button class="icon-button" type="button" aria-label=${t.close} data-tip=${t.close} @click=${() => this.dialog?.close()}>${icon('x')}</button>
        </div>
        <img class=${tiny ? 'enlarged tiny' : 'enlarged'} style=${size} src=${src} alt=${alt} />
      </dialog>
    `;
  }

  #onLoad(event: Event): void {
    const img = event.target as HTMLImageElement;
    if (img.naturalWidth > 0 && img.naturalHeight > 0) this.natural = { width: img.naturalWidth, height: img.naturalHeight };
    this.#measure();
  }

  /** Offers enlarging when the image is shown smaller than it is, or is small. */
  #measure(): void {
    const n = this.natural;
    const img = this.renderRoot?.querySelector<HTMLImageElement>('img.inline-image');
    if (!n || !img || this.dialog?.open) return;
    const shown = img.getBoundingClientRect().width;
    if (shown === 0) return;
    this.enlargeable = shown < n.width - 1 || Math.max(n.width, n.height) < SMALL_IMAGE;
  }

  #onDialogClick(event: MouseEvent): void {
    // A click on the backdrop (the dialog element itself, outside its box) closes it.
    if (event.target === this.dialog) {
      const r = this.dialog.getBoundingClientRect();
      const inside = event.clientX >= r.left && event.clientX <= r.right && event.clientY >= r.top && event.clientY <= r.bottom;
      if (!inside) this.dialog.close();
    }
  }

  #audio(block: AudioBlock) {
    const src = dataUrl(block.mimeType, block.data, AUDIO_MIME);
    if (!src) return html`<p class="meta">Audio of unsupported type ${block.mimeType}</p>`;
    return html`<audio part="audio" controls preload="metadata" src=${src} aria-label="Audio clip"></audio>`;
  }

  #link(block: ResourceLinkBlock) {
    return html`<button part="resource-link" class="resource-link" type="button" @click=${() => this.dispatchEvent(new McpResourceOpenEvent(block))}>
      <strong>${block.title ?? block.name}</strong>
      ${block.description ? html`<span>${block.description}</span>` : nothing}
      <span class="uri">${block.uri}${block.mimeType ? ` · ${block.mimeType}` : ''}</span>
    </button>`;
  }

  #resource(block: EmbeddedResourceBlock) {
    const r = block.resource;
    if (isFile(r)) return this.#fileCard(r);
    const caption = html`<span class="uri">${r.uri}${r.mimeType ? ` · ${r.mimeType}` : ''}</span>`;
    if ('text' in r && typeof r.text === 'string') {
      const body =
        r.mimeType === 'text/markdown'
          ? html`<mcp-markdown theme=${ifDefined(this.theme)} part="resource-text" .strings=${this.strings} .text=${r.text}></mcp-markdown>`
          : html`<pre part="resource-text">${r.text}</pre>`;
      return html`<figure part="resource" class="resource"><figcaption>${caption}</figcaption>${body}</figure>`;
    }
    const blob = 'blob' in r && typeof r.blob === 'string' ? r.blob : '';
    const preview = dataUrl(r.mimeType, blob, IMAGE_MIME);
    return html`<figure part="resource" class="resource">
      <figcaption>
        ${caption}
        <button part="download-button" class="small-button" type="button" @click=${() => this.#download(r.uri, r.mimeType, blob)}>
          Download ${fileNameOf(r.uri)}
        </button>
      </figcaption>
      ${preview ? html`<img part="image" src=${preview} alt=${fileNameOf(r.uri)} class="preview" />` : nothing}
    </figure>`;
  }

  /** A file a tool returned: a card (icon, name, type, size, Download; Preview for text), never its raw base64. */
  #fileCard(r: EmbeddedResourceBlock['resource']) {
    const name = typeof r['name'] === 'string' && r['name'] ? r['name'] : fileNameOf(r.uri);
    const type = r.mimeType ?? 'application/octet-stream';
    const text = 'text' in r && typeof r.text === 'string' ? r.text : undefined;
    const base64 = text === undefined ? ('blob' in r && typeof r.blob === 'string' ? r.blob : '') : utf8Base64(text);
    const size = text === undefined ? base64Size(base64) : new TextEncoder().encode(text).length;
    return fileCard({
      name,
      type,
      size,
      text,
      previewOpen: this.previewOpen,
      onTogglePreview: () => (this.previewOpen = !this.previewOpen),
      onDownload: () => this.#download(name, type, base64),
      words: fileWords(languageOf(this)),
    });
  }

  #download(uri: string, mimeType: string | undefined, base64: string): void {
    let bytes: Uint8Array;
    try {
      bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    } catch {
      bytes = new Uint8Array();
    }
    const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: mimeType ?? 'application/octet-stream' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = fileNameOf(uri);
    a.rel = 'noopener';
    this.renderRoot.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mcp-content-block': McpContentBlock;
  }
}
