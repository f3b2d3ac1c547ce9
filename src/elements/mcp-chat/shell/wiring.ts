// The shell's part of the chat's wiring: what every feature reports through
// (text, announce, reportError, focus, events on the element), the header
// with its actions, and the side panel with the feature that draws it.
import { html, nothing } from 'lit';
import type { McpConnection } from '../../../mcp/connection.js';
import type { ChatErrorSource } from '../contract.js';
import { icon } from '../../shared/icons.js';
import type { Wiring } from '../wiring.js';
import { renderHeader } from './header.js';
import type { ChatPanel } from './panel.js';

/** The shell's members of the features' host. */
export function shellWiring(w: Wiring) {
  const { chat } = w;
  return {
    get text() {
      return w.text.t;
    },
    get renderRoot() {
      return chat.renderRoot;
    },
    get theme() {
      return chat.theme;
    },
    /** Not a closed launcher: what the chat shows can be seen. */
    get inSight() {
      return !chat.launcher || chat.open;
    },
    announce: (text: string) => w.f.shell.announce(text),
    reportError: (source: ChatErrorSource, message: string, error: unknown) => w.f.shell.reportError(source, message, error),
    focus: (selector: string) => void w.focusAfterUpdate(selector),
    addEventListener: (type: string, listener: EventListener) => chat.addEventListener(type, listener),
    removeEventListener: (type: string, listener: EventListener) => chat.removeEventListener(type, listener),
    dispatchEvent: (event: Event) => chat.dispatchEvent(event),
  };
}

/** Opens a panel (or closes the panels) and moves focus into it. */
function showPanel(w: Wiring, panel: ChatPanel | undefined): void {
  w.chat.panel = panel;
  void w.focusAfterUpdate('[part="panel"]');
}

/** The launcher's panel closes and focus returns to the launcher's button. */
export function closeLauncher(w: Wiring): void {
  w.chat.open = false;
  void w.focusAfterUpdate('.launcher-button');
}

/**
 * Escape (not taken by the menu's popover, a form or the composer) closes
 * the open panel, then the launcher's panel; focus returns to what opened it.
 */
export function onEscape(w: Wiring, event: KeyboardEvent): void {
  const { chat } = w;
  // The open menu takes this Escape itself (a popover): one Escape closes one thing.
  if (event.key !== 'Escape' || event.defaultPrevented || chat.renderRoot.querySelector('.menu:popover-open')) return;
  if (chat.panel) {
    chat.panel = undefined;
    void w.focusAfterUpdate('.more');
  } else if (chat.launcher && chat.open) closeLauncher(w);
  else return;
  event.preventDefault();
}

/** The header: `shown` are the servers to name (connections, and those whose connection cannot start yet). */
export function renderChatHeader(w: Wiring, shown: readonly McpConnection[]) {
  const { chat, f } = w;
  return renderHeader(
    { connections: shown, panel: chat.panel, model: f.settings.modelName(), models: f.settings.models, closable: chat.launcher, text: w.text.t },
    {
      showPanel: (p) => showPanel(w, p),
      newConversation: () => chat.newConversation(),
      chooseModel: (m) => f.settings.chooseModel(m),
      nameOf: (c) => chat.serverSet.nameOf(c),
      close: () => closeLauncher(w),
    },
  );
}

/** The open side panel, if any: its frame, and the content the feature it belongs to draws with the panels' code (shell/panel.ts). */
export function renderPanel(w: Wiring) {
  const { chat, f } = w;
  const panel = chat.panel;
  if (!panel) return nothing;
  const t = w.text.t;
  const content = f.shell.renderPanelContent(t, (panels) => {
    switch (panel) {
      case 'conversations':
        return f.conversations.renderPanel(panels, { hasStore: Boolean(chat.chatStore), persistent: chat.chatStore?.persistent ?? false, currentId: f.session.conversation?.id, text: t, lang: w.text.lang, above: f.sync.renderSection(t) });
      case 'servers':
        return html`${f.servers.renderPanel(panels, f.session.toolSelection, w.text.lang, f.discovery.note(t))}${panels.renderPageToolsSection(f.pageTools.status, t)}`;
      case 'settings':
        return panels.renderModelSettingsPanel(f.settings, t, () => (chat.panel = undefined));
      case 'resources':
        return f.resources.renderPanel(panels.renderResourcesPanel);
      default: {
        const never: never = panel;
        return never;
      }
    }
  });
  return html`<aside part="panel" class="panel" tabindex="-1" aria-label=${t[panel]}>
    <button class="icon-button panel-close" aria-label=${t.closePanel} data-tip=${t.close} data-tip-end @click=${() => (chat.panel = undefined)}>${icon('x')}</button>
    ${content}
  </aside>`;
}
