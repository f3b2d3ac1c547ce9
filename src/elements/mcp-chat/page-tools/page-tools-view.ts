import { html, nothing } from 'lit';
import { toolResultBlock } from '../../../content/tool-result.js';
import type { PublishedToolCall } from '../../../page-tools/web-mcp-publish.js';
import type { ChatStrings } from '../strings.js';

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
