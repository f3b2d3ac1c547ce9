import { html, nothing } from 'lit';
import { currentPageName } from '../../../page-tools/page-name.js';
import type { ChatStrings } from '../strings.js';
import type { PageToolsStatus } from './chat-page-tools.js';
// The panels' English text (`PanelEnglishKey`): added to the table before this module's code runs.
import '../strings-en-later.js';

/**
 * The Servers panel's section on page tools: how many tools the page gives
 * the chat (under the page's name, as a server's), why WebMCP tools could not
 * be read, and what is offered to browser agents (and what could not be).
 * Nothing when the feature is not in use. Drawn with the panels' code
 * (shell/panels.chunk.ts).
 */
export function renderPageToolsSection(status: PageToolsStatus, t: ChatStrings) {
  const publishing = status.published.length > 0 || status.problems.length > 0;
  if (!status.tools.length && !status.importing && !publishing) return nothing;
  const page = currentPageName();
  return html`<section part="page-tools" class="page-tools">
    <h3>${t.pageToolsHeading}</h3>
    <p class="hint">${t.pageToolsCount(page, status.tools.length)}</p>
    ${status.tools.length ? html`<p class="hint page-tool-names">${status.tools.map((tool) => tool.title ?? tool.name).join(', ')}</p>` : nothing}
    ${status.importing && !status.webMcp ? html`<p class="hint">${t.pageToolsUnavailable}</p>` : nothing}
    ${status.problem ? html`<p class="diagnosis" role="status">${status.problem}</p>` : nothing}
    ${
      publishing
        ? html`<h3>${t.publishedHeading}</h3>
          ${status.published.length ? html`<p class="hint published-names">${status.published.join(', ')}</p>` : nothing}
          ${status.problems.map(([name, reason]) => html`<p class="diagnosis">${t.notPublished(name, reason)}</p>`)}`
        : nothing
    }
  </section>`;
}
