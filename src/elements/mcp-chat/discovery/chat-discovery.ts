import { html, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type * as DiscoveryChunk from './discovery.chunk.js';
import type { DiscoveryResult } from '../../../mcp/discover.js';
import type { DiscoveryNote, DiscoveryState } from './contract.js';
import { icon } from '../../shared/icons.js';
import type { Loader } from '../../shared/lazy.js';
import type { ChatStrings } from '../strings.js';
import type { ChatServer } from '../servers/server-set.js';

/** What the discovery feature needs from the element (see docs/architecture.md, "The chat as features"). */
export interface ChatDiscoveryHost extends ReactiveControllerHost {
  /** The element's `auto`. */
  readonly auto: boolean;
  /** The element's `discoveryOrigin` (undefined: the page's own origin). */
  readonly discoveryOrigin: string | undefined;
  /** The page gave servers (`server` / `servers`): `auto` then looks for nothing. */
  readonly givesServers: boolean;
  /** The chat's interface text. */
  readonly text: ChatStrings;
  /** Says something in the chat's live region. */
  announce(text: string): void;
  /** The element's `oauth-redirect`: the site's page that completes a sign-in; a found server that asks for sign-in uses it. */
  readonly oauthRedirect: string | undefined;
  /** The list of servers changed (the found server joins it): connect it. */
  serversEdited(): void;
}

/**
 * `<mcp-chat auto>`: finds the site's own MCP server when the page gives no
 * `server` / `servers`. It asks `discoverSiteServer()` (mcp/discover.ts,
 * loaded when first needed) on the page's own origin, or on
 * `discoveryOrigin` when the owner set one; a server confirmed by a
 * handshake joins the chat's list (`servers`), and the chat connects it as
 * any other. While it looks the empty state says so; when nothing is found,
 * it says that calmly (the chat still works with its model). The Servers
 * panel says what was found and how ({@link ChatDiscovery.note}).
 *
 * The search stops (and starts again) when `auto`, `discoveryOrigin` or the
 * page's servers change, and when the element leaves the page.
 */
export class ChatDiscovery implements ReactiveController {
  readonly #host: ChatDiscoveryHost;
  readonly #code: Loader<typeof DiscoveryChunk>;
  #state: DiscoveryState = { phase: 'off' };
  #abort?: AbortController;
  /** The origin the running or finished search is for (undefined: none wanted). */
  #for: string | undefined;

  constructor(host: ChatDiscoveryHost, code: Loader<typeof DiscoveryChunk>) {
    this.#host = host;
    this.#code = code;
    host.addController(this);
  }

  /** Where the search is. */
  get state(): DiscoveryState {
    return this.#state;
  }

  /** The server found, as the chat's list takes it (none while looking or when nothing was found). */
  get servers(): ChatServer[] {
    const s = this.#state;
    if (s.phase !== 'done' || !s.result.found) return [];
    // A server that asks for sign-in gets the browser sign-in flow, when the site has a page to complete it.
    const redirectUrl = this.#host.oauthRedirect;
    const signIn = s.result.probe.badge === 'sign-in' && redirectUrl;
    return [signIn ? { url: s.result.url, auth: { redirectUrl } } : { url: s.result.url }];
  }

  hostConnected(): void {
    // Put back on the page after a removal: look again (on the next update).
    this.#host.requestUpdate();
  }

  hostDisconnected(): void {
    this.#stop();
    this.#for = undefined;
    this.#state = { phase: 'off' };
  }

  /** The element's properties may have changed: start, stop or restart the search (called on every update). */
  propertiesChanged(): void {
    const host = this.#host;
    let origin: string | undefined;
    if (host.auto && !host.givesServers) {
      try {
        origin = new URL(host.discoveryOrigin ?? location.origin).origin;
      } catch {
        origin = host.discoveryOrigin ?? location.origin;
      }
    }
    if (origin === this.#for) return;
    const hadServer = this.servers.length > 0;
    this.#stop();
    this.#for = origin;
    this.#state = origin === undefined ? { phase: 'off' } : { phase: 'looking', origin };
    if (hadServer) host.serversEdited();
    if (origin !== undefined) void this.#look(origin);
  }

  #stop(): void {
    this.#abort?.abort();
    this.#abort = undefined;
  }

  async #look(origin: string): Promise<void> {
    const abort = (this.#abort = new AbortController());
    const t = this.#host.text;
    let result: DiscoveryResult;
    try {
      const { discoverSiteServer } = await this.#code.load();
      // The page's own origin is the default; another only when the owner set `discoveryOrigin`.
      result = await discoverSiteServer({ origin, signal: abort.signal });
    } catch (error) {
      // The code could not be loaded: nothing was asked of the site.
      result = { found: false, sentence: (error as Error).message, tried: [] };
    }
    if (abort.signal.aborted || this.#for !== origin) return;
    this.#abort = undefined;
    this.#state = { phase: 'done', origin, result };
    const note = this.note(t);
    this.#host.announce(note ? note.sentence : '');
    if (result.found) this.#host.serversEdited();
    this.#host.requestUpdate();
  }

  /**
   * What the search found and how, in the chat's language (undefined when `auto` is off). Once done, the sentences
   * come with the search's code (discovery.chunk.ts); when that code could not load, its error says why.
   */
  note(t: ChatStrings): DiscoveryNote | undefined {
    const s = this.#state;
    if (s.phase === 'off') return undefined;
    if (s.phase === 'looking') return { sentence: t.discoveryLooking, none: false };
    return (
      this.#code.value?.discoveryNote(s, t) ?? { sentence: `${t.discoveryNone} ${s.result.found ? '' : s.result.sentence}`, none: true }
    );
  }

  /**
   * What an empty conversation says of the site's server until one is
   * connected (it replaces "No server connected yet"): "Looking for this
   * site's MCP server…" while it looks; how it was found while it connects;
   * that none is here, and what the person can still do, when nothing was
   * found. Nothing when `auto` is off.
   */
  renderNotice(t: ChatStrings) {
    const s = this.#state;
    if (s.phase === 'off') return undefined;
    if (s.phase === 'looking') {
      return html`<span part="discovery" class="discovery" data-phase="looking">${icon('loader-circle', 'icon spin')} ${t.discoveryLooking}</span>`;
    }
    if (s.result.found) return html`<span part="discovery" class="discovery" data-phase="found">${this.note(t)?.sentence}</span>`;
    return html`<span part="discovery" class="discovery" data-phase="none"><strong>${t.discoveryNone}</strong> ${t.discoveryNoneHint}</span>`;
  }
}

export type { DiscoveryNote, DiscoveryState } from './contract.js';
