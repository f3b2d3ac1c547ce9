import { html, render } from 'lit';
import { toolKey } from '../../../agent/approval.js';
import type { AgentTool, ApprovalPolicy } from '../../../agent/types.js';
import type { ToolUseBlock } from '../../../content/index.js';
import type { McpToolApproveEvent } from '../../../events/tool-approve.js';
import type { AppMessageRequest, AppToolCallRequest } from '../../mcp-app-view/app-requests.js';
import type { ChatStrings } from '../strings.js';

/** What the questions of apps need from the chat. */
export interface AppAsksHost {
  readonly text: ChatStrings;
  /** The page's `policy` (the chat's, the same the model's calls follow). */
  readonly policy?: ApprovalPolicy;
  /** The person's "Always allow" choices of this conversation (shared with the model's calls). */
  readonly alwaysAllowed: Set<string>;
  /** Shows the questions again (they are drawn under their view). */
  requestUpdate(): void;
  /** Says something in the live region. */
  announce(text: string): void;
  /** Resolves after the next render. */
  readonly updateComplete: Promise<boolean>;
  /** Scrolls the conversation so that `element` is seen. */
  showInList(element: HTMLElement): void;
}

/**
 * The questions the chat puts to the person for its app views (issue 26
 * items 3-4), drawn under the view that asks, in the conversation:
 * - a tool call of an app: the chat's own approval card (`<mcp-tool-card>`
 *   with Approve, Always allow, Deny), the one the model's calls get; "Always
 *   allow" is remembered with the model's choices;
 * - an app's `ui/message`: "<App> wants to send this message for you:" with
 *   the text, Send and Don't send.
 * A question goes away when answered or when the app gives up (`signal`).
 */
export class AppAsks {
  readonly #host: AppAsksHost;
  /** Open questions by the view's call id (`toolUseId`). */
  #open = new Map<string, HTMLElement[]>();

  constructor(host: AppAsksHost) {
    this.#host = host;
  }

  /** The questions under the view of call `id`. */
  under(id: string): HTMLElement[] {
    return this.#open.get(id) ?? [];
  }

  /** The policy set on each view: "Always allow" of this conversation first, then the page's `policy` (the default when unset, applied by the view). */
  policyFor(base: ApprovalPolicy): ApprovalPolicy {
    return (tool: AgentTool, input: Record<string, unknown>) =>
      this.#host.alwaysAllowed.has(toolKey(tool)) ? 'allow' : (this.#host.policy ?? base)(tool, input);
  }

  /** Asks with the approval card of the chat; resolves with the person's answer. */
  approveToolCall(viewId: string, slot: string, request: AppToolCallRequest, key: string): Promise<boolean> {
    const card = document.createElement('mcp-tool-card');
    const use: ToolUseBlock = { type: 'tool_use', id: `app-ask-${crypto.randomUUID()}`, name: request.tool.name, input: request.arguments };
    card.slot = slot;
    card.use = use;
    card.status = 'approval';
    card.server = request.server;
    if (request.tool.title) card.toolTitle = request.tool.title;
    card.open = true;
    return this.#ask(viewId, card, request.signal, (done) => {
      card.addEventListener('mcp-tool-approve', (event: McpToolApproveEvent) => {
        // The chat's own listener answers the model's approvals: this one is the app's.
        event.stopPropagation();
        if (event.approved && event.always) this.#host.alwaysAllowed.add(key);
        done(event.approved);
      });
    });
  }

  /** Asks whether the app may send `request.text` as the person's message. */
  approveMessage(viewId: string, slot: string, app: string, request: AppMessageRequest): Promise<boolean> {
    const t = this.#host.text;
    const box = document.createElement('div');
    box.slot = slot;
    box.className = 'app-ask';
    box.setAttribute('part', 'app-message-confirm notice');
    box.setAttribute('role', 'group');
    box.setAttribute('aria-label', t.appWantsToSend(app));
    return this.#ask(viewId, box, request.signal, (done) => {
      render(
        html`<p class="app-ask-question">${t.appWantsToSend(app)}</p>
          <blockquote class="app-ask-text" dir="auto">${request.text}</blockquote>
          <div class="app-ask-actions">
            <button type="button" part="app-message-send" class="primary" @click=${() => done(true)}>${t.appSend}</button>
            <button type="button" part="app-message-cancel" @click=${() => done(false)}>${t.appDontSend}</button>
          </div>`,
        box,
      );
      this.#host.announce(t.appWantsToSend(app));
    });
  }

  #ask(viewId: string, element: HTMLElement, signal: AbortSignal, wire: (done: (ok: boolean) => void) => void): Promise<boolean> {
    if (signal.aborted) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      let settled = false;
      const done = (ok: boolean) => {
        if (settled) return;
        settled = true;
        const left = this.under(viewId).filter((e) => e !== element);
        if (left.length) this.#open.set(viewId, left);
        else this.#open.delete(viewId);
        this.#host.requestUpdate();
        resolve(ok);
      };
      wire(done);
      signal.addEventListener('abort', () => done(false), { once: true });
      this.#open.set(viewId, [...this.under(viewId), element]);
      this.#host.requestUpdate();
      // The person must see the question (the view above it may be tall).
      void this.#host.updateComplete
        .then(() => (element as Partial<{ updateComplete: Promise<unknown> }>).updateComplete)
        .then(() => requestAnimationFrame(() => element.isConnected && this.#host.showInList(element)));
    });
  }

  /** Forgets the questions of a view that went away (their views' signals end them). */
  forget(viewId: string): void {
    this.#open.delete(viewId);
  }
}
