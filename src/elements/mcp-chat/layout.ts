// The chat's layout: where each feature draws, in one template. The element's
// render() is this; each feature draws its own part (see "The chat as
// features" in docs/architecture.md).
import { html, nothing } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { icon } from '../shared/icons.js';
import { renderEmpty, showsMessages } from './conversation/wiring.js';
import { renderAgentCalls } from './page-tools/page-tools-view.js';
import { renderQueued, renderWaiting } from './servers/notices.js';
import { renderServerNotices, shownServers } from './servers/wiring.js';
import { renderChatHeader, renderPanel } from './shell/wiring.js';
import type { Wiring } from './wiring.js';

/** The whole chat: the launcher button, the header, the side panel, the messages, and under them the requests, notices, palette and composer. */
export function renderChat(w: Wiring) {
  const { chat, f } = w;
  const s = f.session;
  const t = w.text.t;
  return html`${chat.launcher
      ? html`<button part="launcher-button" class="launcher-button" aria-label=${t.openChat} aria-expanded=${chat.open ? 'true' : 'false'} @click=${() => (chat.open = !chat.open)}>
          ${icon(chat.open ? 'x' : 'message-circle')}
        </button>`
      : nothing}
    <div part="base" class="base ${chat.panel ? 'with-panel' : ''}" dir=${w.text.dir} role=${ifDefined(chat.launcher ? 'dialog' : undefined)} aria-label=${ifDefined(chat.launcher ? t.title : undefined)}>
      ${renderChatHeader(w, shownServers(w))}
      <div class="body">
        ${renderPanel(w)}
        <div class="main">
          <div part="message-list" class="messages" role="log" aria-label=${t.conversationLabel} tabindex="0" @scroll=${f.scroll.onScroll}>
            <div class="column">
              ${renderEmpty(w) ?? nothing}
              ${f.view.renderNotice(t, () => showsMessages(w))}
              ${f.view.render(t, w.text.stable, !!chat.chatProvider, (m) => f.apps.viewsFor(m))}
              ${renderAgentCalls(f.pageTools.agentCalls, t, w.text.stable)}
              ${f.settings.renderReply(s.conversation?.id, () => (chat.panel = 'settings'))}
            </div>
          </div>
          <div class="bottom">
            <div class="column">
              <div class="requests"></div>
              ${f.shell.renderErrors(t)} ${renderServerNotices(w)} ${f.apps.renderNotice()}
              ${renderWaiting(s.calls.waiting(Date.now()), t.waiting, t.waitingForYou)} ${renderQueued(s.queued, t.queued)}
              ${f.palette.render(t)} ${f.composer.render(t)}
            </div>
          </div>
        </div>
      </div>
      ${f.shell.renderLiveRegion()} ${f.resources.renderPreview(t)}
    </div>`;
}
