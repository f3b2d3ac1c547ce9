import { html, nothing } from 'lit';
import { toolResultBlock } from '../../../content/tool-result.js';
import type { PublishedToolCall } from '../../../page-tools/web-mcp-publish.js';
import { currentPageName } from '../../../page-tools/page-name.js';
import type { ChatStrings } from '../strings.js';
import type { PageToolsStatus } from './chat-page-tools.js';

/**
 * The Servers panel's section on page tools: how many tools the page gives
 * the chat (under the page's name, as a server's), why WebMCP tools could not
 * be read, and what is offered to browser agents (and what could not be).
 * Nothing when the feature is not in use.
 */
export function renderPageToolsSection(status: PageToolsStatus, t: ChatStrings) {
  const publishing = status.published.length > 0 || status.problems.length > 0;
  if (!status.tools.length && !status.importing && !publishing) return nothing;
  const page = status.tools[0]?.server ?? currentPageName();
  return html`<section part="page-tools" class="page-tools">
    <h3>${t.pageToolsHeading}</h3>
    <p class="hint">${t.pageToolsCount(page, status.tools.length)}</p>
    ${status.tools.length ? html`<p class="hint page-tool-names">${status.tools.map((tool) => tool.title ?? tool.name).join(', ')}</p>` : nothing}
    ${status.importing && !status.webMcp ? html`<p class="hint">${t.pageToolsUnavailable}</p>` : nothing}
    ${status.problem ? html`<p class="diagnosis" role="status">${status.problem}</p>` : nothing}
    ${publishing
      ? html`<h3>${t.publishedHeading}</h3>
          ${status.published.length ? html`<p class="hint published-names">${status.published.join(', ')}</p>` : nothing}
          ${status.problems.map(([name, reason]) => html`<p class="diagnosis">${t.notPublished(name, reason)}</p>`)}`
      : nothing}
  </section>`;
}

/**
 * The calls browser agents made to the tools the chat offered, each as a
 * tool card under "A browser agent ran <Title>". Shown after the
 * conversation, for this visit only (they are not part of it: not saved, not
 * sent to the model).
 */
export function renderAgentCalls(calls: readonly PublishedToolCall[], t: ChatStrings, strings: ChatStrings) {
  if (!calls.length) return nothing;
  return html`${calls.map((call) => {
    const use = { type: 'tool_use' as const, id: call.id, name: call.name, input: call.input };
    const result = call.result ? toolResultBlock(call.id, call.result, { status: call.status === 'running' ? 'done' : call.status, server: call.server, title: call.title }) : undefined;
    return html`<section part="agent-call" class="agent-call" aria-label=${t.agentRan(call.title)}>
      <p class="agent-call-title">${t.agentRan(call.title)}</p>
      <mcp-tool-card .use=${use} .result=${result} status=${call.status} server=${call.server} tool-title=${call.title} .strings=${strings} .offerAlways=${false}></mcp-tool-card>
    </section>`;
  })}`;
}
