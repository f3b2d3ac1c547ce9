import { html, nothing } from 'lit';
import { toolResultBlock } from '../../../content/tool-result.js';
import type { PublishedToolCall } from '../../../page-tools/web-mcp-publish.js';
import type { ChatStrings } from '../strings.js';

/**
 * The calls browser agents made to the tools the chat offered, each as a
 * tool card under "A browser agent ran <Title>". Shown after the
 * conversation, for this visit only (they are not part of it: not saved, not
 * sent to the model). A call of a tool that is not read-only first shows the
 * approval card under "A browser agent wants to run <Title>" (Approve, Deny).
 */
export function renderAgentCalls(calls: readonly PublishedToolCall[], t: ChatStrings, strings: ChatStrings) {
  if (!calls.length) return nothing;
  return html`${calls.map((call) => {
    const use = { type: 'tool_use' as const, id: call.id, name: call.name, input: call.input };
    const result = call.result
      ? toolResultBlock(call.id, call.result, {
          status: call.status === 'running' || call.status === 'approval' ? 'done' : call.status,
          server: call.server,
          title: call.title,
        })
      : undefined;
    // Who asks is the chat's own words, above the card: the agent's call waiting for the person says so.
    const heading = call.status === 'approval' ? t.agentAsks(call.title) : t.agentRan(call.title);
    return html`<section part="agent-call" class="agent-call" data-call=${call.id} aria-label=${heading}>
      <p class="agent-call-title">${heading}</p>
      <mcp-tool-card .use=${use} .result=${result} status=${call.status} server=${call.server}
        tool-title=${call.title} .strings=${strings} .offerAlways=${false} .focusOnAsk=${false}></mcp-tool-card>
    </section>`;
  })}`;
}
