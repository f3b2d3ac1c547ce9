import { html, nothing } from 'lit';
import { revealHidden } from '../../../content/reveal.js';
import { hostOf } from '../../../mcp/server-key.js';
import type { McpConnection } from '../../../mcp/connection.js';
import { icon, type IconName } from '../../shared/icons.js';
import type { McpDiagnosis } from '../../../mcp/diagnosis.js';
import { diagnosisText } from '../error-words.js';
import type { ChatPanel } from './panel.js';

/** What the header draws. */
export interface HeaderView {
  connections: readonly McpConnection[];
  /** The open side panel. */
  panel: ChatPanel | undefined;
  /** The model in use ('' when none is set up). */
  model: string;
  /** Models the person can switch to from the header (a picker when there are several). */
  models: readonly string[];
  /** Draw a Close button (the launcher's panel). */
  closable: boolean;
  /** Interface text (from the `strings` table). */
  text?: HeaderText;
}

/** The header's words. */
export interface HeaderText {
  title: string;
  conversations: string;
  resources: string;
  servers: string;
  settings: string;
  newConversation: string;
  more: string;
  /** A server's connection state, and why it cannot be used, in the tooltip of its status. */
  serverState?: (state: string) => string;
  diagnosis?: (diagnosis: McpDiagnosis, english: string) => string;
  serverStatus?: (state: string) => string;
  /** "2 servers": the header's one chip for several servers where there is no room to name each. */
  serverCount?: (count: number) => string;
  chooseModel?: string;
  model?: string;
  modelTitle?: (model: string) => string;
  panels?: string;
  closeChat?: string;
  close?: string;
}

/** What the header's buttons do. */
export interface HeaderActions {
  /** Opens `panel`, or closes the panels (`undefined`). */
  showPanel(panel: ChatPanel | undefined): void;
  newConversation(): void;
  chooseModel(model: string): void;
  close(): void;
  /** The name to show for a server (kept while it reconnects). */
  nameOf(connection: McpConnection): string;
}

const MENU: ReadonlyArray<{ panel: ChatPanel; label: string; icon: IconName }> = [
  { panel: 'conversations', label: 'Conversations', icon: 'history' },
  { panel: 'resources', label: 'Resources', icon: 'file-text' },
  { panel: 'servers', label: 'Servers', icon: 'server' },
  { panel: 'settings', label: 'Settings', icon: 'settings' },
];

const STATE_WORDS: Record<string, string> = {
  idle: 'not connected',
  connecting: 'connecting',
  connected: 'connected',
  reconnecting: 'reconnecting',
  'auth-required': 'needs sign-in',
  failed: 'failed',
  closed: 'closed',
  degraded: 'connected, with limits',
};

/**
 * The state a server's chip shows: `degraded` for a connected server that works
 * only without some request headers its CORS refuses (what that costs is in the
 * Servers panel), else its connection state.
 */
function chipState(c: McpConnection): string {
  // Its tools are offered once `tools/list` has answered (`toolsReady`); prompts and resources may still be loading.
  const state = c.state === 'connecting' && c.toolsReady ? 'connected' : c.state;
  return state === 'connected' && c.degraded ? 'degraded' : state;
}

/**
 * Arrow keys, Home and End move between the menu's items; Tab closes it and
 * moves on from the More button, as from any button (opening, Escape and
 * clicks outside are the popover's).
 */
function onMenuKey(event: KeyboardEvent): void {
  const menu = event.currentTarget as HTMLElement;
  if (event.key === 'Tab') {
    (menu.getRootNode() as ShadowRoot).querySelector<HTMLElement>('.more')?.focus();
    menu.hidePopover();
    return;
  }
  const items = [...menu.querySelectorAll<HTMLElement>('[role^="menuitem"]')];
  const at = items.indexOf(event.target as HTMLElement);
  const go = (i: number) => items[(i + items.length) % items.length]?.focus();
  if (event.key === 'ArrowDown') go(at + 1);
  else if (event.key === 'ArrowUp') go(at - 1);
  else if (event.key === 'Home') go(0);
  else if (event.key === 'End') go(items.length - 1);
  else return;
  event.preventDefault();
}

/**
 * The menu opened: its first item takes focus. It closed (Escape, an item
 * picked, a click outside) with focus inside it or lost: focus goes back to
 * the More button (the browser's own return does not reach into the shadow
 * root here); a click on something focusable outside keeps its focus.
 */
function onMenuToggle(event: ToggleEvent): void {
  const menu = event.target as HTMLElement;
  if (event.newState === 'open') {
    menu.querySelector<HTMLElement>('[role^="menuitem"]')?.focus();
    return;
  }
  const root = menu.getRootNode() as ShadowRoot | Document;
  const active = root.activeElement;
  if (!active || menu.contains(active)) root.querySelector<HTMLElement>('.more')?.focus();
}

/** The order in which a state speaks for several servers: the first present colours the count's dot. */
const WORST_FIRST = ['failed', 'auth-required', 'connecting', 'reconnecting', 'idle', 'closed', 'degraded', 'connected'];

/**
 * Several servers where the header has no room to name each (a narrow chat,
 * the launcher): one chip "2 servers", its dot the state that needs a look
 * first, its accessible name every server's name and state, its tooltip
 * theirs (with why one cannot be used); it opens the Servers panel, which names them. Hidden by the styles where the chips fit.
 */
function renderServerCount(view: HeaderView, chips: readonly ChipWords[], open: () => void) {
  const n = chips.length;
  const state = WORST_FIRST.find((s) => chips.some((c) => c.state === s)) ?? 'connected';
  const count = view.text?.serverCount?.(n) ?? `${n} servers`;
  return html`<button
    part="server-count"
    class="server-status server-count ${state}"
    title=${chips.map((c) => c.title).join('\n')}
    aria-label=${`${count}: ${chips.map((c) => c.label).join(', ')}`}
    @click=${open}
  >
    <span class="dot" aria-hidden="true"></span><span class="name">${count}</span>
  </button>`;
}

/** What a server's chip says: its state, its name, its accessible name and its tooltip (worked out once per render). */
interface ChipWords {
  state: string;
  name: string;
  label: string;
  title: string;
}

/**
 * The header, one row: title, a compact status per server (a dot and its
 * name; several servers in a narrow chat: one "2 servers" chip; the full name and state in the tooltip; opens the
 * Servers panel), the model (a picker when several are listed), New
 * conversation, and the overflow menu of panels (a popover: it opens from the More
 * button, closes on Escape or a click outside, focus goes back to More; each
 * item shows whether its panel is open).
 */
export function renderHeader(view: HeaderView, actions: HeaderActions) {
  const { panel } = view;
  // Each server's words once per render, for its chip and the count's (issue 42: with twenty servers, naming
  // each five times and reading its host from its address twice per render was most of the header's time).
  const chips = view.connections.map((c): ChipWords => {
    const state = chipState(c);
    const name = revealHidden(actions.nameOf(c));
    return {
      state,
      name,
      label: `${name} (${hostOf(c.url)}): ${view.text?.serverStatus?.(state) ?? state}`,
      title:
        `${name} (${c.url}): ` +
        `${view.text?.serverState?.(state) ?? STATE_WORDS[state] ?? state}${
          c.error && c.state !== 'connected'
            ? `. ${diagnosisText(c.error, view.text?.diagnosis ? { diagnosis: view.text.diagnosis } : undefined)}`
            : ''
        }`,
    };
  });
  return html`<header part="header">
    <span part="title" class="title"><slot name="title">${view.text?.title ?? 'Chat'}</slot></span>
    <span class="servers ${view.connections.length > 1 ? 'several' : ''}">
      ${chips.map(
        (c) => html`<button
          part="server-status ${c.state}"
          class="server-status ${c.state}"
          title=${c.title}
          aria-label=${c.label}
          @click=${() => actions.showPanel('servers')}
        >
          <span class="dot" aria-hidden="true"></span><span class="name" dir="auto">${c.name}</span>
        </button>`,
      )}
      ${chips.length > 1 ? renderServerCount(view, chips, () => actions.showPanel('servers')) : nothing}
    </span>
    <span class="spacer"></span>
    ${
      view.models.length > 1
        ? html`<select part="model-picker" class="model" aria-label=${view.text?.model ?? 'Model'}
          @change=${(e: Event) => actions.chooseModel((e.target as HTMLSelectElement).value)}>
          ${view.models.map((m) => html`<option value=${m} ?selected=${m === view.model}>${m}</option>`)}
        </select>`
        : html`<button part="model" class=${view.model ? 'model' : 'model unset'}
          title=${view.model ? (view.text?.modelTitle?.(view.model) ?? `Model: ${view.model}`) : (view.text?.chooseModel ?? 'Choose a model')}
          @click=${() => actions.showPanel(panel === 'settings' ? undefined : 'settings')}>
          <span class="model-name" dir="auto">${view.model || (view.text?.chooseModel ?? 'Choose a model')}</span>${icon('chevron-down')}
        </button>`
    }
    <button part="header-button new-button" class="icon-button"
      aria-label=${view.text?.newConversation ?? 'New conversation'}
      data-tip=${view.text?.newConversation ?? 'New conversation'} @click=${() => actions.newConversation()}>
      ${icon('square-pen')}
    </button>
    <span class="menu-anchor">
      <button
        part="header-button menu-button"
        class="icon-button more"
        aria-label=${view.text?.more ?? 'More'}
        data-tip=${view.text?.more ?? 'More'}
        data-tip-end
        aria-haspopup="menu"
        popovertarget="chat-menu"
      >
        ${icon('ellipsis')}
      </button>
      <div part="menu" class="menu" id="chat-menu" popover role="menu" aria-label=${view.text?.panels ?? 'Panels'}
        @keydown=${onMenuKey} @toggle=${onMenuToggle}>
        ${MENU.map(
          (m) => html`<button
            part="menu-item"
            role="menuitemcheckbox"
            aria-checked=${panel === m.panel ? 'true' : 'false'}
            @click=${(e: Event) => {
              (e.currentTarget as HTMLElement).closest<HTMLElement>('[popover]')?.hidePopover();
              actions.showPanel(panel === m.panel ? undefined : m.panel);
            }}
          >
            ${icon(m.icon)}<span>${view.text?.[m.panel] ?? m.label}</span>${panel === m.panel ? icon('check', 'icon tick') : nothing}
          </button>`,
        )}
      </div>
    </span>
    ${
      view.closable
        ? html`<button part="header-button close-button" class="icon-button"
          aria-label=${view.text?.closeChat ?? 'Close chat'} data-tip=${view.text?.close ?? 'Close'} data-tip-end
          @click=${() => actions.close()}>${icon('x')}</button>`
        : nothing
    }
  </header>`;
}
