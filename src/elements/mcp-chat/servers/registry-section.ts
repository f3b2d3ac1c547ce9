import { html, nothing } from 'lit';
import type { McpServerAddEvent } from '../../../events/server-add.js';
import type { ChatStrings } from '../strings.js';
import type { AddServerState } from './server-edits.js';
// The panels' English text (`PanelEnglishKey`): added to the table before this module's code runs.
import '../strings-en-later.js';

/** What the Servers panel's "Add from the MCP Registry" section draws. */
export interface RegistrySectionView {
  /** The registry's base address (the chat's `registry`). */
  registry: string;
  /** The section is open (the person opened it). */
  open: boolean;
  /** `<mcp-registry-search>` is defined (its code loaded). */
  ready: boolean;
  /** Why its code could not be loaded, in words. */
  loadError?: string;
  /** The chat's `theme`, passed down. */
  theme: 'light' | 'dark' | undefined;
  /** Secret header values may be remembered in this browser (`allow-key-storage`). */
  keysRemembered: boolean;
  /** The add in progress or its failure, when it came from the registry. */
  add: AddServerState;
}

/** What the section's controls do. */
export interface RegistrySectionActions {
  /** The person opened or closed the section (the element's code loads when first opened). */
  toggle(open: boolean): void;
  /** The person chose a remote in the registry search: connect it, remember it. */
  add(event: McpServerAddEvent): void;
  /** Load the element's code again after a failure. */
  retry(): void;
}

/**
 * "Add from the MCP Registry": a disclosure holding `<mcp-registry-search>`
 * (search, a live badge per remote, the header fields it declares); its
 * `mcp-server-add` adds the server as the address field does (kept once it
 * connects). The add's progress and any failure are said under the search.
 */
export function renderRegistrySection(view: RegistrySectionView, t: ChatStrings, actions: RegistrySectionActions) {
  const { connecting, error, fromRegistry } = view.add;
  const body = view.loadError
    ? html`<p class="diagnosis" role="alert">${view.loadError}</p>
        <button type="button" @click=${() => actions.retry()}>${t.retry}</button>`
    : view.ready
      ? html`<mcp-registry-search
            part="registry-search"
            registry=${view.registry}
            theme=${view.theme ?? nothing}
            .strings=${t.registrySearch}
            @mcp-server-add=${(e: McpServerAddEvent) => {
              e.stopPropagation();
              actions.add(e);
            }}
          ></mcp-registry-search>
          <p class="hint">${t.registryKeyNote(!view.keysRemembered)}</p>`
      : html`<p class="hint" role="status">${t.loading}</p>`;
  return html`<details
    part="registry"
    class="registry"
    ?open=${view.open}
    @toggle=${(e: Event) => {
      const open = (e.currentTarget as HTMLDetailsElement).open;
      if (open !== view.open) actions.toggle(open);
    }}
  >
    <summary>${t.addFromRegistry}</summary>
    ${view.open ? body : nothing}
    ${fromRegistry && error ? html`<p part="field-error" class="diagnosis" role="alert">${error}</p>` : nothing}
    <p class="hint" role="status">${fromRegistry && connecting ? t.connectingTo(connecting) : ''}</p>
  </details>`;
}
