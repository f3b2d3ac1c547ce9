import { html, nothing, type ReactiveControllerHost } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { ContentBlock, ResourceContents } from '../../../content/index.js';
import { icon } from '../../shared/icons.js';
import type { Loader } from '../../shared/lazy.js';
import type { ChatErrorSource } from '../contract.js';
import { errorInWords } from '../error-words.js';
import type { ServerSet } from '../servers/server-set.js';
import type { ChatStrings } from '../strings.js';
import type { renderResourcesPanel } from './resources-panel.js';

/** What the resources feature needs from the element. */
export interface ChatResourcesHost extends ReactiveControllerHost {
  readonly servers: ServerSet;
  /** The chat's interface text (strings table). */
  readonly text: ChatStrings;
  readonly theme: 'light' | 'dark' | undefined;
  /** The message elements' code (the preview draws `<mcp-content-block>`). */
  readonly messagesCode: Loader<unknown>;
  /** The preview's `<dialog>` once drawn. */
  previewDialog(): HTMLDialogElement | undefined;
  /** Adds blocks to the next message (the composer's attachments). */
  attachBlocks(blocks: ContentBlock[]): void;
  reportError(source: ChatErrorSource, message: string, error: unknown): void;
}

/**
 * The resources feature: previews a resource (a link opened in a message,
 * or Preview in the Resources panel), attaches one to the next message, and
 * draws the Resources panel and the preview dialog.
 */
export class ChatResources {
  readonly #host: ChatResourcesHost;
  #preview?: { uri: string; contents: ResourceContents[] };

  constructor(host: ChatResourcesHost) {
    this.#host = host;
  }

  /** A resource is shown in the preview dialog. */
  get previewing(): boolean {
    return this.#preview !== undefined;
  }

  /** Reads a resource from the server that has it and shows it in a preview. */
  async open(uri: string): Promise<void> {
    const host = this.#host;
    const connections = host.servers.connections.filter((c) => c.state === 'connected');
    const owner = connections.find((c) => c.resources.some((r) => r.uri === uri)) ?? connections[0];
    if (!owner) return;
    try {
      const [result] = await Promise.all([owner.readResource(uri), host.messagesCode.load()]);
      this.#preview = { uri, contents: result.contents as ResourceContents[] };
      host.requestUpdate();
      await host.updateComplete;
      host.previewDialog()?.showModal();
    } catch (error) {
      host.reportError('server', host.text.readFailed(uri, errorInWords(error, host.text)), error);
    }
  }

  /** Reads a resource from a server and attaches it to the next message. */
  async attach(uri: string, connectionUrl: string): Promise<void> {
    const host = this.#host;
    const connection = host.servers.connections.find((c) => c.url === connectionUrl);
    if (!connection) return;
    try {
      const result = await connection.readResource(uri);
      host.attachBlocks((result.contents as ResourceContents[]).map((resource) => ({ type: 'resource', resource })));
    } catch (error) {
      host.reportError('server', host.text.readFailed(uri, errorInWords(error, host.text)), error);
    }
  }

  /** The Resources panel, drawn with its code (in the panels' chunk). */
  renderPanel(render: typeof renderResourcesPanel) {
    return render(this.#host.servers.listResources(), this.#host.text, {
      preview: (uri) => void this.open(uri),
      attach: (uri, url) => void this.attach(uri, url),
    });
  }

  /** The preview dialog (part `resource-preview`). */
  renderPreview(t: ChatStrings) {
    const preview = this.#preview;
    return html`<dialog part="resource-preview" class="preview" aria-label=${t.resourcePreview}>
      ${
        preview
          ? html`<div class="row">
              <strong>${preview.uri}</strong>
              <button class="icon-button" aria-label=${t.close} @click=${() => this.#host.previewDialog()?.close()}>${icon('x')}</button>
            </div>
            ${preview.contents.map(
              (c) =>
                html`<mcp-content-block theme=${ifDefined(this.#host.theme)} .block=${{ type: 'resource', resource: c }}></mcp-content-block>`,
            )}`
          : nothing
      }
    </dialog>`;
  }
}
