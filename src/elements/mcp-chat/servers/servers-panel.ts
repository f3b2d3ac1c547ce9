import { html, nothing, render, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { ToolSelection } from '../../../agent/tool-selection.js';
import type { McpConnection } from '../../../mcp/connection.js';
import type { ChatStrings } from '../strings.js';
import type { AddServerState } from './server-edits.js';
import { icon } from '../../shared/icons-later.js';
import { LOG_LEVELS, type ServerLogEntry } from './server-logs.js';
import type { LoggingLevel } from '@modelcontextprotocol/client';
import { canSignIn } from './auth.js';
import { renderSignInButton } from './notices.js';
import { diagnosisText } from '../error-words.js';
import { hostOf } from '../../../mcp/server-key.js';
import type { DiscoveryNote } from '../discovery/chat-discovery.js';
import { renderRegistrySection, type RegistrySectionActions, type RegistrySectionView } from './registry-section.js';
// The panels' English text (`PanelEnglishKey`): added to the table before this module's code runs.
import '../strings-en-later.js';

/** What the Servers panel's buttons do. */
export interface ServersPanelActions {
  signIn(connection: McpConnection): void;
  signOut(connection: McpConnection): void;
  /** Try an address the person typed (kept once it connects). */
  addServer(url: string): void;
  /** Remove a server for this person. */
  removeServer(connection: McpConnection): void;
  /** Bring back a page server the person removed. */
  restoreServer(url: string): void;
  /** The person edits the address again (the field's error goes). */
  editAddress(): void;
  /** The person picked the least severe log level to see (and, if the server can, to receive). */
  setLogLevel(connection: McpConnection, level: LoggingLevel): void;
  /** Forget a server's log messages. */
  clearLog(connection: McpConnection): void;
  /** The "Add from the MCP Registry" section. */
  registry: RegistrySectionActions;
  /** Saves the session trace as a file (shown when `view.canExportTrace`). */
  exportTrace(): void;
}

/** A server's log as the panel draws it. */
export interface ServerLogView {
  /** At or above the picked level, newest last. */
  shown: readonly ServerLogEntry[];
  /** All kept. */
  total: number;
  /** The picked level; none until the person picks one. */
  level: LoggingLevel | undefined;
  /** The server declares `logging`: the picked level is sent to it. */
  canSetLevel: boolean;
  /** A 2026 server: it sends log messages only when a level is picked. */
  levelPerRequest: boolean;
}

/** What the Servers panel draws. */
export interface ServersPanelView {
  connections: readonly McpConnection[];
  /** Which tools the last model request carried and which it left out, if a request was made. */
  toolSelection: ToolSelection | undefined;
  /** For numbers (`toLocaleString`). */
  lang: string | undefined;
  text: ChatStrings;
  /** The person may add and remove servers (not `fixed-servers`). */
  editable: boolean;
  /** The "Add server" field's state. */
  add: AddServerState;
  /** The page's servers the person removed (addresses). */
  removed: readonly string[];
  /** The name to show for a server. */
  nameOf(connection: McpConnection): string;
  /** Each server's log messages and picked level. */
  logOf(connection: McpConnection): ServerLogView;
  /** `auto`: what the search for the site's own server found and how (undefined when `auto` is off). */
  discovery?: DiscoveryNote;
  /** "Add from the MCP Registry" (shown when `editable`). */
  registry: RegistrySectionView;
  /** A session trace is recorded (not `no-trace`, and the servers' code has loaded). */
  canExportTrace: boolean;
}

/** The Servers panel: each server's state, era, catalog sizes, diagnosis, Retry, sign in and out; the tools the last request left out. */
export function renderServersPanel(view: ServersPanelView, actions: ServersPanelActions) {
  const { connections, text: t } = view;
  return html`<h2>${t.servers}</h2>
    ${view.toolSelection?.omitted.length ? renderToolSelection(view.toolSelection, view) : nothing}
    ${
      view.discovery
        ? html`<p part="discovery-note" class="discovery-note ${view.discovery.none ? 'none' : ''}" role="status">
          ${view.discovery.sentence}${view.discovery.tried ? html`<span class="hint"> ${view.discovery.tried}</span>` : nothing}
        </p>`
        : nothing
    }
    ${connections.length === 0 ? html`<p class="hint">${view.editable ? t.noServerEditable : t.noServer}</p>` : nothing}
    <ul class="server-list">
      ${connections.map(
        (c) => html`<li part="server" class="server">
          <div class="server-head">
            <strong class="server-name">${view.nameOf(c)}</strong>
            ${
              view.editable && view.add.connecting !== c.url
                ? html`<button
                  type="button"
                  part="remove-server-button"
                  class="icon-button"
                  aria-label=${t.removeServer(`${view.nameOf(c)} (${c.url})`)}
                  data-tip=${t.removeServer(view.nameOf(c))}
                  data-tip-end
                  @click=${() => actions.removeServer(c)}
                >
                  ${icon('trash-2')}
                </button>`
                : nothing
            }
          </div>
          <p class="server-url">${c.url}</p>
          <p class="hint">
            ${t.serverState(c.state)}${
              c.state === 'connected'
                ? ` · ${c.getProtocolEra() === 'modern' ? '2026-07-28 (stateless)' : (c.protocolVersion ?? '2025')} · ` +
                  `${t.catalogSizes(c.tools.length, c.prompts.length, c.resources.length)}`
                : ''
            }
          </p>
          ${c.error && c.state !== 'connected' && view.add.connecting !== c.url ? html`<p class="diagnosis">${diagnosisText(c.error, t)}</p>` : nothing}
          ${c.state === 'connected' && c.degraded ? renderDegraded(c, t) : nothing}
          ${
            c.state === 'connected' && !c.liveNotifications
              ? html`<p part="server-no-live" class="hint degraded">${t.noLiveNotifications(hostOf(c.url))}</p>`
              : nothing
          }
          ${c.state === 'connected' && (c.invalidTools.length || c.unrunnableTools.length) ? renderInvalidTools(c, t) : nothing}
          ${
            c.state === 'auth-required' && canSignIn(c)
              ? renderSignInButton(c, actions.signIn, t)
              : (c.state === 'failed' || c.state === 'auth-required' || c.state === 'idle') && view.add.connecting !== c.url
                ? html`<button @click=${() => c.connect().catch(() => {})}>${t.retry}</button>`
                : nothing
          }
          ${
            c.state === 'connected' && canSignIn(c)
              ? html`<button part="sign-out-button" aria-label=${t.signOutOf(c.name)} @click=${() => actions.signOut(c)}>${t.signOut}</button>`
              : nothing
          }
          ${renderLog(c, view.logOf(c), view, actions)}
        </li>`,
      )}
    </ul>
    ${view.editable ? renderAddServer(view, actions) : nothing}
    ${view.editable ? renderRegistrySection(view.registry, t, actions.registry) : nothing}
    ${
      view.editable && view.removed.length
        ? html`<section class="removed-servers" aria-labelledby="removed-servers-title">
          <h3 id="removed-servers-title">${t.removedServers}</h3>
          <ul>
            ${view.removed.map(
              (url) => html`<li class="row removed-server">
                <span class="server-url">${url}</span>
                <button type="button" part="restore-server-button" aria-label=${t.restoreServer(url)}
                  @click=${() => actions.restoreServer(url)}>${t.restore}</button>
              </li>`,
            )}
          </ul>
        </section>`
        : nothing
    }
    ${
      view.canExportTrace
        ? html`<section class="trace-export">
          <button type="button" part="export-trace-button" aria-describedby="trace-export-hint" @click=${() => actions.exportTrace()}>
            ${icon('download')} ${t.exportTrace}
          </button>
          <p id="trace-export-hint" class="hint">${t.exportTraceHint}</p>
        </section>`
        : nothing
    }`;
}

/** A server that works only without some request headers its CORS refuses: which, and what that costs. */
function renderDegraded(c: McpConnection, t: ChatStrings) {
  const degraded = c.degraded!;
  const headers = degraded.droppedHeaders
    .map((h) => h.replace(/(^|-)([a-z])/g, (_, dash: string, ch: string) => dash + ch.toUpperCase()))
    .join(', ');
  const costs = degraded.costs.map((cost) => t.degradedCosts[cost]).join('; ');
  return html`<p part="server-degraded" class="hint degraded">${t.degraded(headers, costs)}</p>`;
}

/** The "Add a server" form: an address, checked before it is tried; the diagnosis at the field when it does not connect. */
function renderAddServer(view: ServersPanelView, actions: ServersPanelActions) {
  const t = view.text;
  // An add from the registry says how it goes under the registry search instead.
  const { connecting, error } = view.add.fromRegistry ? {} : view.add;
  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    const input = (e.target as HTMLFormElement).elements.namedItem('url') as HTMLInputElement;
    actions.addServer(input.value);
  };
  return html`<form part="add-server" class="add-server" aria-labelledby="add-server-title" novalidate @submit=${submit}>
    <h3 id="add-server-title">${t.addServer}</h3>
    <label>
      ${t.serverAddress}
      <span class="row">
        <input
          name="url"
          type="url"
          inputmode="url"
          autocomplete="url"
          spellcheck="false"
          placeholder="https://example.com/mcp"
          aria-invalid=${error ? 'true' : 'false'}
          aria-describedby="add-server-error add-server-status"
          @input=${() => actions.editAddress()}
        />
        <button type="submit" class="primary" aria-disabled=${connecting ? 'true' : 'false'}>${t.addServerButton}</button>
      </span>
    </label>
    ${error ? html`<p id="add-server-error" part="field-error" class="diagnosis" role="alert">${error}</p>` : nothing}
    <p id="add-server-status" class="hint" role="status">${connecting ? t.connectingTo(connecting) : ''}</p>
  </form>`;
}

/** The tools a server listed that break the MCP format or that this client cannot run here (left out of its catalog), each with the reason. */
function renderInvalidTools(c: McpConnection, text: ChatStrings) {
  const tools = [...c.invalidTools, ...c.unrunnableTools];
  const n = tools.length;
  return html`<details class="diagnosis invalid-tools">
    <summary>${text.invalidTools(n)}</summary>
    <ul>
      ${tools.map((t) => html`<li><code>${t.name}</code>: ${t.reason}</li>`)}
    </ul>
  </details>`;
}

/**
 * The last model request could not carry every tool: how many it sent and
 * which it left out (a collapsed list; drawn again only for a new selection).
 */
function renderToolSelection(selection: ToolSelection, view: ServersPanelView) {
  const t = view.text;
  const n = (x: number) => x.toLocaleString(view.lang);
  return html`<section part="tool-selection" class="tool-selection" aria-label=${t.toolsLeftOut(n(selection.omitted.length))}>
    <p>${t.toolSelection(n(selection.total - selection.omitted.length), n(selection.total))}</p>
    ${omittedList(selection, view)}
  </section>`;
}

/**
 * The list of left-out tools (thousands of rows): drawn only when the person
 * opens it, so the panel stays light; a new selection gets a new list
 * (`repeat` keyed by the selection).
 */
function omittedList(selection: ToolSelection, view: ServersPanelView): TemplateResult {
  const t = view.text;
  const count = selection.omitted.length.toLocaleString(view.lang);
  const rows = () =>
    html`${selection.omitted.map(
      ({ tool, reason }) =>
        html`<li><code>${tool.name}</code>${tool.server ? html` <span class="hint">${tool.server}</span>` : nothing}${
          reason === 'schema-too-large' ? html` <span class="hint">(${t.schemaTooLarge})</span>` : nothing
        }</li>`,
    )}`;
  const onToggle = (e: Event) => {
    const details = e.currentTarget as HTMLDetailsElement;
    const list = details.querySelector('ul')!;
    if (details.open && !list.childElementCount) render(rows(), list);
  };
  return html`${repeat(
    [selection],
    (s) => s,
    () => html`<details @toggle=${onToggle}>
      <summary>${t.toolsLeftOut(count)}</summary>
      <ul class="omitted-tools" tabindex="0" aria-label=${t.toolsLeftOut(count)}></ul>
    </details>`,
  )}`;
}

const time = (at: number, lang: string | undefined) =>
  new Date(at).toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** Longest text one log message shows (a server may send megabytes). */
const MAX_LOG_TEXT = 4000;

const clip = (text: string) =>
  text.length > MAX_LOG_TEXT ? `${text.slice(0, MAX_LOG_TEXT)}… (${text.length.toLocaleString()} characters)` : text;

const json = (value: unknown): string => {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
};

/**
 * A log message's `data` (any JSON) as a person reads it: a string as text;
 * an object with a `message` string as that text, with its other fields (a
 * `level` repeating the message's level left out) as indented JSON; anything
 * else as indented JSON. Long text is cut with a note of its length.
 */
export function logParts(data: unknown, level?: string): { text?: string; data?: string } {
  if (typeof data === 'string') return { text: clip(data) };
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    const { message, ...rest } = data as Record<string, unknown>;
    if (typeof message === 'string') {
      if (rest.level === level) delete rest.level;
      return { text: clip(message), data: Object.keys(rest).length ? clip(json(rest)) : undefined };
    }
  }
  return { data: clip(json(data)) };
}

/** A server's log: a collapsed section with the level picker and the messages, newest last, each with its time and level. */
function renderLog(c: McpConnection, log: ServerLogView, view: ServersPanelView, actions: ServersPanelActions) {
  const t = view.text;
  if (!log.total && !log.canSetLevel) return nothing;
  const id = `log-${encodeURIComponent(c.url).replace(/[^\w-]/g, '_')}`;
  return html`<details part="server-log" class="server-log">
    <summary>${t.serverLog(log.total === log.shown.length ? String(log.total) : `${log.shown.length}/${log.total}`)}</summary>
    <div class="row log-controls">
      <label class="log-level">
        ${t.logLevel}
        <select
          @change=${(e: Event) => {
            const value = (e.target as HTMLSelectElement).value;
            if (value) actions.setLogLevel(c, value as LoggingLevel);
          }}
          aria-describedby=${`${id}-hint`}
        >
          ${log.level ? nothing : html`<option value="" selected>${t.logLevelServer}</option>`}
          ${LOG_LEVELS.map((level) => html`<option value=${level} ?selected=${level === log.level}>${t.logLevelName(level)}</option>`)}
        </select>
      </label>
      ${log.total ? html`<button type="button" @click=${() => actions.clearLog(c)} aria-label=${t.clearLogOf(view.nameOf(c))}>${t.clearLog}</button>` : nothing}
    </div>
    <p class="hint" id=${`${id}-hint`}>
      ${!log.canSetLevel ? t.logLevelLocal : log.level ? t.logLevelSent : log.levelPerRequest ? t.logLevelNone : t.logLevelServerChoice}
    </p>
    ${
      log.shown.length
        ? html`<ol class="log-entries" tabindex="0" aria-label=${t.serverLog(String(log.shown.length))}>
          ${log.shown.map(
            (e) => html`<li class="log-entry" part="log-entry">
              <div class="log-meta">
                <span class="log-badge level-${e.level}" part="log-level">${t.logLevelName(e.level)}</span>
                <time datetime=${new Date(e.at).toISOString()}>${time(e.at, view.lang)}</time>
                ${e.logger ? html`<span class="log-logger">${e.logger}</span>` : nothing}
              </div>
              ${((parts) =>
                html`${parts.text !== undefined ? html`<p class="log-text">${parts.text}</p>` : nothing}${
                  parts.data !== undefined ? html`<pre class="log-data">${parts.data}</pre>` : nothing
                }`)(logParts(e.data, e.level))}
            </li>`,
          )}
        </ol>`
        : html`<p class="hint">${log.total ? t.noLogAtLevel : t.noLog}</p>`
    }
  </details>`;
}
