import { LitElement, html, nothing } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { customElement, property } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import type { Message, MessageBlock, ToolResultBlock } from '../../../content/index.js';
import '../mcp-content-block/mcp-content-block.js';
import '../mcp-tool-card/mcp-tool-card.js';
import type { ToolCallProgress, ToolCallStatus } from '../mcp-tool-card/tool-call-status.js';
import { messageStyles } from './mcp-message.styles.js';
import { contentStrings, type ContentStrings } from '../../shared/content-strings.js';
import { contextTrimNote } from '../../../content/fit-context.js';

// For <mcp-chat>, which loads this module when it first shows messages.
export { markdownReady } from '../../markdown/mcp-markdown.js';

/** What `<mcp-message>` knows about one tool call beyond its `tool_use` block. */
export interface ToolCallView {
  /** The matching result (usually from the next, user, message). */
  result?: ToolResultBlock;
  status?: ToolCallStatus;
  progress?: ToolCallProgress;
  /** Name of the server offering the tool. */
  server?: string;
  /** Address of that server. */
  serverUrl?: string;
  /** Human title of the tool. */
  title?: string;
  /** Card expanded. */
  open?: boolean;
}

const CARD_PARTS =
  'card:tool-card, summary:tool-summary, name:tool-name, status:tool-status, arguments:tool-arguments, result:tool-result, structured:tool-structured, error:tool-error, progress:tool-progress, stop-button:tool-stop-button, raw-button:tool-raw-button, raw:tool-raw, approve-button:tool-approve-button, always-button:tool-always-button, deny-button:tool-deny-button';
/** `_meta` key of a loaded skill's text block (`SKILL_META_KEY` in src/mcp/skills.ts; not imported, so messages do not load the MCP code). */
const SKILL_META = 'mcp-elements/skill';

const BLOCK_PARTS =
  'text, md-code, md-code-header, md-code-language, md-copy-button, md-table, md-blockquote, md-link, md-image, image-button, image, image-dialog, audio, resource-link, resource, resource-text, download-button, unknown';

/**
 * One MCP message: its role and its blocks, each through
 * `<mcp-content-block>`, tool calls as `<mcp-tool-card>` (paired with their
 * results through `toolCalls`). Elements the page puts in slot `tool-<id>`
 * appear under the tool call with that `tool_use` id.
 *
 * @summary One message of a conversation.
 *
 * @slot tool-<id> - Inline elements under the tool call whose `tool_use` id is `<id>` (dynamic name).
 *
 * @csspart message - The message box. Also `user-message` or `assistant-message` by role.
 * @csspart user-message - The message box of a user message.
 * @csspart assistant-message - The message box of an assistant message.
 * @csspart skill - A skill a server wrote, loaded into the conversation from the "/" palette: collapsed, named with its server, its text shown as text.
 * @csspart context-note - The note over an answer whose request left the oldest messages out to fit the model's context window (`_meta["mcp-web-elements/context"]`).
 * @csspart role - The "You" / "Assistant" label (for screen readers; visually hidden unless styled).
 * @csspart tool-card - A tool card (its parts are re-exported as `tool-summary`, `tool-name`, `tool-status`, `tool-arguments`, `tool-result`, `tool-structured`, `tool-error`, `tool-progress`, `tool-stop-button`, `tool-approve-button`, `tool-always-button`, `tool-deny-button`).
 * @csspart text - A text block; the markdown parts `md-code`, `md-code-header`, `md-code-language`, `md-copy-button`, `md-table`, `md-blockquote`, `md-link`, `md-image` and block parts `image-button`, `image`, `image-dialog`, `audio`, `resource-link`, `resource`, `resource-text`, `download-button`, `unknown` are re-exported.
 *
 * @cssproperty --mcp-message-user-bg - Background of the person's bubble. Defaults to `--mcp-color-surface`.
 * @cssproperty --mcp-message-user-fg - Text colour of the person's bubble. Defaults to `--mcp-color-fg`.
 * @cssproperty --mcp-message-user-max-width - Widest the person's bubble gets (80%).
 * @cssproperty --mcp-message-radius - Corner radius of the person's bubble (18px).
 * @cssproperty --mcp-message-assistant-bg - Background of assistant messages (transparent: no box).
 * @cssproperty --mcp-message-gap - Space between blocks (12px).
 */
@customElement('mcp-message')
export class McpMessage extends LitElement {
  static override styles = messageStyles;

  /** `light` or `dark`; by default the page's `prefers-color-scheme`. Passed to inner elements. */
  @property({ reflect: true }) theme?: 'light' | 'dark';

  /** The message to show. */
  @property({ attribute: false }) message?: Message;

  /** Per `tool_use` id: result, status, progress, server. */
  @property({ attribute: false }) toolCalls: ReadonlyMap<string, ToolCallView> = new Map();

  /** The last text block is still streaming in. */
  @property({ type: Boolean }) streaming = false;

  /** Interface text of the renderers inside (code copy buttons, enlarged images); keys left out are English. */
  @property({ attribute: false }) strings?: Partial<ContentStrings>;

  /** Label of user messages. */
  @property({ attribute: 'user-label' }) userLabel = 'You';

  /** Label of assistant messages. */
  @property({ attribute: 'assistant-label' }) assistantLabel = 'Assistant';

  protected override render() {
    const message = this.message;
    if (!message) return nothing;
    const role = message.role === 'user' ? 'user' : 'assistant';
    const blocks = message.content;
    let lastText = -1;
    if (this.streaming) blocks.forEach((b, i) => b.type === 'text' && (lastText = i));
    const trimmed = role === 'assistant' ? contextTrimNote(message) : undefined;
    return html`<div part="message ${role}-message" class="message ${role}">
      <span part="role" class="role">${role === 'user' ? this.userLabel : this.assistantLabel}</span>
      ${trimmed ? html`<p part="context-note" class="context-note" role="note">${contentStrings(this.strings).contextLeftOut(trimmed.droppedMessages)}</p>` : nothing}
      ${repeat(
        blocks,
        (block, i) => (block.type === 'tool_use' ? `u:${block.id}` : block.type === 'tool_result' ? `r:${block.toolUseId}` : i),
        (block, i) => this.#block(block, i === lastText),
      )}
    </div>`;
  }

  #block(block: MessageBlock, streaming: boolean) {
    if (block.type === 'tool_use') {
      const view = this.toolCalls.get(block.id) ?? {};
      return html`<mcp-tool-card
        theme=${ifDefined(this.theme)}
        exportparts=${CARD_PARTS}
        .use=${block}
        .result=${view.result}
        .status=${view.status}
        .progress=${view.progress}
        .server=${view.server}
        .serverUrl=${view.serverUrl}
        .toolTitle=${view.title}
        .strings=${this.strings}
        ?open=${view.open ?? false}
        ><slot name=${`tool-${block.id}`}></slot
      ></mcp-tool-card>`;
    }
    if (block.type === 'tool_result') {
      return html`<mcp-tool-card theme=${ifDefined(this.theme)} exportparts=${CARD_PARTS} .strings=${this.strings} .result=${block}></mcp-tool-card>`;
    }
    const skill = block.type === 'text' ? (block._meta?.[SKILL_META] as { name?: unknown; serverName?: unknown } | undefined) : undefined;
    if (skill && block.type === 'text') {
      // The server's words, not the person's: collapsed, named, and only ever text.
      return html`<details part="skill" class="skill">
        <summary dir="auto">${contentStrings(this.strings).skillFrom(String(skill.name ?? ''), String(skill.serverName ?? ''))}</summary>
        <pre class="skill-text" dir="auto">${block.text}</pre>
      </details>`;
    }
    return html`<mcp-content-block theme=${ifDefined(this.theme)} exportparts=${BLOCK_PARTS} .strings=${this.strings} .block=${block} ?streaming=${streaming}></mcp-content-block>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mcp-message': McpMessage;
  }
}
