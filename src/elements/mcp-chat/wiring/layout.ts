// The chat's layout: where each feature draws, in one template. The element's
// render() is this; each feature draws its own part (see "The chat as
// features" in docs/architecture.md).
import { html, nothing } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { icon } from '../../shared/icons.js';
import {
  onEscape,
  renderChatHeader,
  renderEmpty,
  renderPanel,
  renderServerNotices,
  setPanel,
  showsMessages,
  shownServers,
  type EmptyFeatures,
  type PanelFeatures,
} from './orchestration.js';
import { renderQueued, renderWaiting } from '../servers/notices.js';
import type { ChatFeatures, ChatSurface, ElementWiring } from './types.js';
import type { ChatText } from '../shell/chat-text.js';
import type { Loader } from '../../shared/lazy.js';

/** What the layout draws: every feature that has a place on screen, and what the header, panel and empty state read. */
export type LayoutFeatures = EmptyFeatures &
  PanelFeatures &
  Pick<ChatFeatures, 'scroll' | 'view' | 'apps' | 'pageTools' | 'shell' | 'palette' | 'composer' | 'resources' | 'servers'>;

/** The whole chat: the launcher button, the header, the side panel, the messages, and under them the requests, notices, palette and composer. */
export function renderChat(w: ElementWiring, f: LayoutFeatures) {
  const { chat } = w;
  const s = f.session;
  const t = w.text.t;
  return html`${
    chat.launcher
      ? html`<button part="launcher-button" class="launcher-button" aria-label=${t.openChat}
        aria-expanded=${chat.open ? 'true' : 'false'} @click=${() => (chat.open = !chat.open)}>
          ${icon(chat.open ? 'x' : 'message-circle')}
        </button>`
      : nothing
  }
    <div part="base" class="base ${chat.panel ? 'with-panel' : ''}" dir=${w.text.dir}
      role=${ifDefined(chat.launcher ? 'dialog' : undefined)} aria-label=${ifDefined(chat.launcher ? t.title : undefined)}>
      ${renderChatHeader(w, f, shownServers(w))}
      <div class="body">
        ${renderPanel(w, f)}
        <div class="main">
          <div part="message-list" class="messages" role="log" aria-label=${t.conversationLabel} tabindex="0" @scroll=${f.scroll.onScroll}>
            <div class="column">
              ${renderEmpty(w, f) ?? nothing}
              ${f.view.renderNotice(t, () => showsMessages(f))}
              ${f.view.render(t, w.text.stable, !!chat.chatProvider, (m) => f.apps.viewsFor(m))}
              ${f.pageTools.renderAgentCalls(t, w.text.stable)}
              ${f.settings.renderReply(s.conversation?.id, () => setPanel(w, 'settings'))}
            </div>
          </div>
          <div class="bottom">
            <div class="column">
              <div class="requests"></div>
              ${f.shell.renderErrors(t)} ${renderServerNotices(w, f)} ${f.apps.renderNotice()}
              ${renderWaiting(s.calls.waiting(Date.now()), t.waiting, t.waitingForYou)} ${renderQueued(s.queued, t.queued)}
              ${f.sync?.renderShared(t) ?? html`${f.palette.render(t)} ${f.composer.render(t)}`}
            </div>
          </div>
        </div>
      </div>
      ${f.shell.renderLiveRegion()} ${f.resources.renderPreview(t)}
    </div>`;
}

/**
 * The element's events from its inner cards and blocks (listened to once per
 * element, not per connection to the page): Stop, approvals, resource links,
 * Escape, and a part that could not be loaded (said once above the composer).
 */
export function listenToParts(
  w: ElementWiring,
  { session, pageTools, resources, shell, voice }: Pick<ChatFeatures, 'session' | 'pageTools' | 'resources' | 'shell' | 'voice'>,
): void {
  const { chat } = w;
  chat.addEventListener('mcp-tool-stop', (e) => session.stopTool((e as GlobalEventHandlersEventMap['mcp-tool-stop']).toolUseId));
  chat.addEventListener('mcp-tool-approve', (e) => {
    const { toolUseId, approved, always } = e as GlobalEventHandlersEventMap['mcp-tool-approve'];
    session.answerApproval(toolUseId, approved, always);
    pageTools.answerAgentCall(toolUseId, approved);
  });
  chat.addEventListener('mcp-resource-open', (e) => void resources.open((e as GlobalEventHandlersEventMap['mcp-resource-open']).link.uri));
  chat.addEventListener('keydown', (e) => onEscape(w, { voice }, e as KeyboardEvent));
  chat.addEventListener('mcp-part-error', (e) => shell.showError((e as GlobalEventHandlersEventMap['mcp-part-error']).error.message));
}

/** The code of what is shown and not loaded yet (the panels' while a panel is open, the messages' while messages show), if any. */
export function missingCode(
  w: ElementWiring,
  f: Pick<ChatFeatures, 'session' | 'resources'>,
  panels: Loader<unknown>,
  messages: Loader<unknown>,
): Loader<unknown> | undefined {
  if (w.chat.panel && !panels.value && !panels.error) return panels;
  if (showsMessages(f) && !messages.value && !messages.error) return messages;
  return undefined;
}

/** What only the element knows, as its features' hosts read it: its public surface, its text, the checked `max-rounds`. */
export function wiringOf(
  chat: ChatSurface & HTMLElement,
  text: ChatText,
  messagesCode: ElementWiring['messagesCode'],
  startersCode: ElementWiring['startersCode'],
  maxRounds: () => number,
): ElementWiring {
  return {
    chat,
    text,
    messagesCode,
    startersCode,
    get maxRounds() {
      return maxRounds();
    },
    focusAfterUpdate: async (selector) => {
      await chat.updateComplete;
      chat.renderRoot.querySelector<HTMLElement>(selector)?.focus();
    },
  };
}
