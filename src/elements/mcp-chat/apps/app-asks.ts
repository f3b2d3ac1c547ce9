import { html, nothing, render } from 'lit';
import { toolKey } from '../../../agent/approval.js';
import type { AgentTool, ApprovalPolicy } from '../../../agent/types.js';
import type { ToolUseBlock } from '../../../content/index.js';
import type { McpToolApproveEvent } from '../../../events/tool-approve.js';
import type { AppMessageRequest, AppToolCallRequest } from '../../mcp-app-view/app-requests.js';
import type { ChatStrings } from '../strings.js';
// The English text of answers (`AnswerEnglishKey`): added to the table before this module's code runs.
import '../strings-en-answers.js';

/** What the questions of apps need from the chat. */
export interface AppAsksHost {
  readonly text: ChatStrings;
  /** The chat's theme, for the approval cards it draws. */
  readonly theme?: 'light' | 'dark';
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
  /** The open approval card of each view and tool (`groupKey`): later calls join it. */
  #groups = new Map<string, { join(signal: AbortSignal): Promise<boolean> }>();
  /** The tools (keys) each view may run without asking until it goes ("Allow all from this view for now"). */
  #allowedFor = new Map<string, Set<string>>();

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

  /**
   * Asks with the approval card of the chat; resolves with the person's answer.
   * Calls of one tool from one view while its card is open join that card
   * (issue 41 item 6: an app that logs through a tool stacked a card per call
   * and pushed its view out of sight): the card counts them ("3 requests from
   * <app>"), and Approve, Always allow and Deny answer all of them. "Allow all
   * from this view for now" answers them and lets later calls of that tool
   * from the same view run without asking, while the view lives.
   */
  approveToolCall(viewId: string, slot: string, request: AppToolCallRequest, key: string, app: string): Promise<boolean> {
    if (request.signal.aborted) return Promise.resolve(false);
    if (this.#allowedFor.get(viewId)?.has(key)) return Promise.resolve(true);
    const joined = this.#groups.get(groupKey(viewId, key));
    if (joined) return joined.join(request.signal);
    const t = this.#host.text;
    const card = document.createElement('mcp-tool-card');
    const use: ToolUseBlock = { type: 'tool_use', id: `app-ask-${crypto.randomUUID()}`, name: request.tool.name, input: request.arguments };
    card.slot = slot;
    card.use = use;
    card.status = 'approval';
    card.server = request.server;
    if (request.tool.title) card.toolTitle = request.tool.title;
    card.open = true;
    // In the chat's words and colours, as the model's approval cards.
    card.strings = t;
    if (this.#host.theme) card.theme = this.#host.theme;
    // Under the card's own buttons: how many wait (when more than one), and the view's "for now".
    const extra = document.createElement('div');
    extra.className = 'app-ask-group';
    extra.setAttribute('part', 'app-ask-group');
    card.append(extra);
    const waiting: Array<{ signal: AbortSignal; answer: (ok: boolean) => void }> = [];
    let answered = false;
    let said = 0;
    const draw = () => {
      const n = waiting.length;
      render(
        html`${n > 1 ? html`<p part="app-ask-count" class="app-ask-count">${t.appAskCount(n, app)}</p>` : nothing}
          <button type="button" part="app-ask-allow-all" class="app-ask-allow-all" @click=${() => answerAll(true, 'view')}>
            ${t.appAllowAllFromView}
          </button>`,
        extra,
      );
      // Said once per burst (the calls of one burst arrive in one task each; the latest count is what matters).
      if (n > 1 && said !== n) {
        said = n;
        queueMicrotask(() => {
          if (!answered && waiting.length === n) this.#host.announce(t.appAskCount(n, app));
        });
      }
    };
    const answerAll = (ok: boolean, remember?: 'always' | 'view') => {
      if (answered) return;
      answered = true;
      this.#groups.delete(groupKey(viewId, key));
      if (ok && remember === 'always') this.#host.alwaysAllowed.add(key);
      if (ok && remember === 'view') {
        const allowed = this.#allowedFor.get(viewId) ?? new Set<string>();
        allowed.add(key);
        this.#allowedFor.set(viewId, allowed);
      }
      for (const w of waiting.splice(0)) w.answer(ok);
      finish(ok);
    };
    let finish: (ok: boolean) => void = () => {};
    const join = (signal: AbortSignal): Promise<boolean> =>
      new Promise<boolean>((resolve) => {
        if (signal.aborted) return resolve(false);
        const entry = { signal, answer: resolve };
        waiting.push(entry);
        signal.addEventListener(
          'abort',
          () => {
            const at = waiting.indexOf(entry);
            if (at < 0) return;
            waiting.splice(at, 1);
            resolve(false);
            // The last one given up: the card goes (its own question ends as refused).
            if (waiting.length === 0) answerAll(false);
            else draw();
          },
          { once: true },
        );
        draw();
      });
    this.#groups.set(groupKey(viewId, key), { join });
    const first = join(request.signal);
    // The card itself is one question: it ends when the group is answered (or every call gave up).
    void this.#ask(viewId, card, new AbortController().signal, (done) => {
      finish = done;
      card.addEventListener('mcp-tool-approve', (event: McpToolApproveEvent) => {
        // The chat's own listener answers the model's approvals: this one is the app's.
        event.stopPropagation();
        answerAll(event.approved, event.approved && event.always ? 'always' : undefined);
      });
    });
    return first;
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

  /** Forgets the questions of a view that went away (their views' signals end them), and what it was allowed for now. */
  forget(viewId: string): void {
    this.#open.delete(viewId);
    this.#allowedFor.delete(viewId);
    for (const k of this.#groups.keys()) if (k.startsWith(`${viewId} `)) this.#groups.delete(k);
  }
}

/** The key of a view's approval card for one tool. */
function groupKey(viewId: string, toolKey: string): string {
  return `${viewId} ${toolKey}`;
}
