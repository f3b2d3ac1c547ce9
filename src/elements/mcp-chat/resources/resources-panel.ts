import { html, nothing } from 'lit';
import type { ServerSet } from '../servers/server-set.js';
import type { ChatStrings } from '../strings.js';
// The panels' English text (`PanelEnglishKey`): added to the table before this module's code runs.
import '../strings-en-later.js';

/** What the Resources panel's buttons do. */
export interface ResourcesPanelActions {
  preview(uri: string): void;
  /** Reads the resource from that server and attaches it to the next message. */
  attach(uri: string, connectionUrl: string): void;
}

/** The Resources panel: each server's resources (Preview, Attach) and templates (fill in, Attach). */
export function renderResourcesPanel(groups: ReturnType<ServerSet['listResources']>, text: ChatStrings, actions: ResourcesPanelActions) {
  return html`<h2>${text.resources}</h2>
    ${groups.length === 0 ? html`<p class="hint">${text.noConnectedServer}</p>` : nothing}
    ${groups.map(
      (g) => html`<h3>${g.connection.name}</h3>
        ${g.resources.length === 0 && g.templates.length === 0 ? html`<p class="hint">${text.noResources}</p>` : nothing}
        <ul>
          ${g.resources.map(
            (r) => html`<li>
              <strong>${r.title ?? r.name}</strong> <span class="hint">${r.uri}</span>
              <div class="row">
                <button @click=${() => actions.preview(r.uri)}>${text.preview}</button>
                <button @click=${() => actions.attach(r.uri, g.connection.url)}>${text.attachResource}</button>
              </div>
            </li>`,
          )}
          ${g.templates.map(
            (t) => html`<li>
              <form
                class="run-form"
                @submit=${(e: SubmitEvent) => {
                  e.preventDefault();
                  const uri = ((e.target as HTMLFormElement).elements.namedItem('uri') as HTMLInputElement).value.trim();
                  if (uri) actions.attach(uri, g.connection.url);
                }}
              >
                <label>${t.title ?? t.name}<input name="uri" .value=${t.uriTemplate} aria-label=${text.uriFor(t.name)} /></label>
                <span class="hint">${text.fillTemplate}</span>
                <button type="submit">${text.attachResource}</button>
              </form>
            </li>`,
          )}
        </ul>`,
    )}`;
}
