import { html, nothing, type TemplateResult } from 'lit';
import type { CreateMessageRequestParams } from '@modelcontextprotocol/client';
import type { Message, MessageBlock } from '../../content/index.js';
import { json, renderBlocks } from './render-blocks.js';
import type { FormStrings } from '../shared/form-strings.js';

/** Read-only parts of the request view: the messages, the tools offered, the server's preferences. */

/** The blocks of a message but its last text block (which the editor shows). */
function withoutLastText(blocks: readonly MessageBlock[]): MessageBlock[] {
  const last = blocks.map((b) => b.type).lastIndexOf('text');
  return blocks.filter((_, i) => i !== last);
}

/** The conversation the server sends, one card per message. */
export function renderMessages(
  messages: readonly Message[],
  editableIndex: number,
  editor: TemplateResult,
  t: FormStrings,
): TemplateResult {
  return html`<ol part="messages" class="messages" aria-label=${t.samplingMessages}>
    ${messages.map(
      (m, i) => html`<li part="message" class=${`message ${m.role}`}>
        <div class="role">${t.samplingRole(m.role)}</div>
        ${i === editableIndex ? html`${renderBlocks(withoutLastText(m.content), t)}${editor}` : renderBlocks(m.content, t)}
      </li>`,
    )}
  </ol>`;
}

/** The tools offered, each with its input schema on demand, and the toolChoice. */
export function renderTools(params: CreateMessageRequestParams, t: FormStrings): TemplateResult | typeof nothing {
  const tools = params.tools ?? [];
  if (tools.length === 0) return nothing;
  const choice = params.toolChoice?.mode ?? 'auto';
  return html`<section part="tools" class="tools" aria-labelledby="tools-title">
    <h3 id="tools-title">${t.samplingToolsOffered} <span class="muted">${t.samplingToolChoice(choice)}</span></h3>
    <ul>
      ${tools.map(
        (tool) => html`<li part="tool">
          <strong>${tool.title ?? tool.name}</strong>${tool.title ? html` <code>${tool.name}</code>` : nothing}
          ${tool.description ? html`<div class="muted">${tool.description}</div>` : nothing}
          <details>
            <summary>${t.samplingInputSchema}</summary>
            <pre part="schema" class="code">${json(tool.inputSchema)}</pre>
          </details>
        </li>`,
      )}
    </ul>
  </section>`;
}

/** The server's model preferences and the settings it asked for that cannot be edited. */
export function renderPreferences(params: CreateMessageRequestParams, t: FormStrings): TemplateResult {
  const prefs = params.modelPreferences;
  const hints = (prefs?.hints ?? []).map((h) => h.name).filter(Boolean);
  const priorities = (
    [
      ['cost', prefs?.costPriority],
      ['speed', prefs?.speedPriority],
      ['intelligence', prefs?.intelligencePriority],
    ] as const
  ).filter(([, v]) => v !== undefined);
  return html`<dl part="preferences" class="preferences">
    <dt>${t.samplingHints}</dt>
    <dd>${hints.length ? hints.join(', ') : t.samplingNone}</dd>
    <dt>${t.samplingPriorities}</dt>
    <dd>${priorities.length ? priorities.map(([k, v]) => t.samplingPriority(k, v!)).join(', ') : t.samplingNone}</dd>
    <dt>${t.samplingStopSequences}</dt>
    <dd>${params.stopSequences?.length ? params.stopSequences.map((s) => JSON.stringify(s)).join(', ') : t.samplingNone}</dd>
    <dt>${t.samplingIncludeContext}</dt>
    <dd>${params.includeContext ?? t.samplingNone}</dd>
  </dl>`;
}
