import { html, nothing, type TemplateResult } from 'lit';
import type { CreateMessageRequestParams } from '@modelcontextprotocol/client';
import type { Message, MessageBlock } from '../../content/index.js';
import { json, renderBlocks } from './render-blocks.js';

/** Read-only parts of the request view: the messages, the tools offered, the server's preferences. */

/** The blocks of a message but its last text block (which the editor shows). */
function withoutLastText(blocks: readonly MessageBlock[]): MessageBlock[] {
  const last = blocks.map((b) => b.type).lastIndexOf('text');
  return blocks.filter((_, i) => i !== last);
}

/** The conversation the server sends, one card per message. */
export function renderMessages(messages: readonly Message[], editableIndex: number, editor: TemplateResult): TemplateResult {
  return html`<ol part="messages" class="messages" aria-label="Messages">
    ${messages.map(
      (m, i) => html`<li part="message" class=${`message ${m.role}`}>
        <div class="role">${m.role === 'user' ? 'User' : 'Assistant'}</div>
        ${i === editableIndex ? html`${renderBlocks(withoutLastText(m.content))}${editor}` : renderBlocks(m.content)}
      </li>`,
    )}
  </ol>`;
}

/** The tools offered, each with its input schema on demand, and the toolChoice. */
export function renderTools(params: CreateMessageRequestParams): TemplateResult | typeof nothing {
  const tools = params.tools ?? [];
  if (tools.length === 0) return nothing;
  const choice = params.toolChoice?.mode ?? 'auto';
  return html`<section part="tools" class="tools" aria-labelledby="tools-title">
    <h3 id="tools-title">Tools offered to the model <span class="muted">(tool choice: ${choice})</span></h3>
    <ul>
      ${tools.map(
        (t) => html`<li part="tool">
          <strong>${t.title ?? t.name}</strong>${t.title ? html` <code>${t.name}</code>` : nothing}
          ${t.description ? html`<div class="muted">${t.description}</div>` : nothing}
          <details>
            <summary>Input schema</summary>
            <pre part="schema" class="code">${json(t.inputSchema)}</pre>
          </details>
        </li>`,
      )}
    </ul>
  </section>`;
}

/** The server's model preferences and the settings it asked for that cannot be edited. */
export function renderPreferences(params: CreateMessageRequestParams): TemplateResult {
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
    <dt>Model hints</dt>
    <dd>${hints.length ? hints.join(', ') : 'none'}</dd>
    <dt>Priorities</dt>
    <dd>${priorities.length ? priorities.map(([k, v]) => `${k} ${v}`).join(', ') : 'none'}</dd>
    <dt>Stop sequences</dt>
    <dd>${params.stopSequences?.length ? params.stopSequences.map((s) => JSON.stringify(s)).join(', ') : 'none'}</dd>
    <dt>Include context</dt>
    <dd>${params.includeContext ?? 'none'}</dd>
  </dl>`;
}
