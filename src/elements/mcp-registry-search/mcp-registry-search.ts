import { html, LitElement, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { McpServerAddEvent } from '../../events/server-add.js';
import { probeServer, type ProbeResult } from '../../mcp/probe.js';
import { headersFor, type RegistryEntry, type RegistryField } from '../../mcp/registry-entry.js';
import { OFFICIAL_REGISTRY, searchRegistry } from '../../mcp/registry.js';
import { tokens } from '../shared/tokens.js';
import { styles } from './mcp-registry-search.styles.js';
import { REGISTRY_SEARCH_STRINGS_EN, type RegistrySearchStrings } from './registry-search-strings.js';
import { renderEntry, type EntryActions, type RemoteView } from './render-entry.js';

/** How many remotes are probed at once. */
const PROBE_CONCURRENCY = 2;

/**
 * Searches an MCP Registry and lets the person add one of its servers. Each
 * entry shows its title, description, icon and the remotes a web page can
 * use (streamable-http; stdio packages and SSE are named, not offered). Each
 * remote is probed live from this page with a real handshake and gets a badge
 * ("works here", "needs sign-in", "needs a key", "blocks browsers: needs a
 * proxy", "unreachable"). Headers the entry declares are asked for (secrets
 * as password fields); Add fires `mcp-server-add` with `{ url, name, headers }`,
 * the shape `<mcp-chat>`'s servers take. Usable alone, or inside the chat's
 * Servers panel.
 *
 * Everything the registry sends is untrusted: entries are checked, addresses
 * must be http(s), icons are http(s) or `data:image/…` shown with `<img>`,
 * and all text is rendered as text.
 *
 * @summary Searches an MCP Registry, probes each remote from this page, and adds the one the person picks.
 *
 * @event {McpServerAddEvent} mcp-server-add - The person added a remote: `url`, `name`, `headers` (and `secretHeaders`, the names of the secret ones; `source`, the registry entry).
 *
 * @csspart search - The search form (a `role="search"` form).
 * @csspart search-input - The search field.
 * @csspart search-button - The Search button.
 * @csspart status - The line that says what the search found, or why it failed (a live region).
 * @csspart results - The list of entries.
 * @csspart entry - One entry.
 * @csspart icon - The entry's icon (an `<img>`, or an empty square when it has none).
 * @csspart title - The entry's title (its name when it has no title).
 * @csspart name - The registry name and version.
 * @csspart description - The entry's description.
 * @csspart remote - One remote of an entry (a form: its address, badge, header fields and Add).
 * @csspart url - The remote's address.
 * @csspart badge - What the live probe found (`data-badge`: probing, works, sign-in, needs-key, blocked, unreachable, not-mcp).
 * @csspart diagnosis - Why the remote does not work from here, in words.
 * @csspart field - One header field (label, description, input).
 * @csspart input - A header input (a password field for secrets) or select.
 * @csspart actions - The row of a remote's buttons.
 * @csspart add-button - Add.
 * @csspart check-button - Probe the remote again with the values typed in.
 * @csspart more-button - Load the next page of results.
 *
 * @cssproperty --mcp-registry-search-accent - Primary buttons and focus rings. Defaults to `--mcp-color-accent`.
 * @cssproperty --mcp-registry-search-accent-fg - Text on primary buttons. Defaults to `--mcp-color-accent-fg`.
 * @cssproperty --mcp-registry-search-bg - Background of entries and inputs. Defaults to `--mcp-color-bg`.
 * @cssproperty --mcp-registry-search-fg - Text. Defaults to `--mcp-color-fg`.
 * @cssproperty --mcp-registry-search-surface - Secondary buttons, icon backdrop. Defaults to `--mcp-color-surface`.
 * @cssproperty --mcp-registry-search-muted - Secondary text. Defaults to `--mcp-color-muted`.
 * @cssproperty --mcp-registry-search-border - Borders. Defaults to `--mcp-color-border`.
 * @cssproperty --mcp-registry-search-danger - Failed searches, "blocks browsers" and "unreachable" badges. Defaults to `--mcp-color-danger`.
 * @cssproperty --mcp-registry-search-warning - "Needs sign-in" and "needs a key" badges. Defaults to `--mcp-color-warning`.
 * @cssproperty --mcp-registry-search-success - The "works here" badge. Defaults to `--mcp-color-success`.
 * @cssproperty --mcp-registry-search-radius - Corner radius. Defaults to `--mcp-radius`.
 * @cssproperty --mcp-registry-search-space - Base spacing. Defaults to `--mcp-space`.
 * @cssproperty --mcp-registry-search-font-family - Font. Defaults to `--mcp-font-family`.
 */
@customElement('mcp-registry-search')
export class McpRegistrySearch extends LitElement {
  static override styles = [tokens, styles];

  /** The registry's base address (`GET {registry}/v0.1/servers`). */
  @property() registry: string = OFFICIAL_REGISTRY;

  /** Entries per page. */
  @property({ type: Number }) limit = 20;

  /** `light` or `dark` forces a theme; otherwise it follows `prefers-color-scheme`. */
  @property({ reflect: true }) theme?: 'light' | 'dark';

  /** The interface text (English by default). */
  @property({ attribute: false }) strings: RegistrySearchStrings = REGISTRY_SEARCH_STRINGS_EN;

  /** The `fetch` used for the registry and the probes (tests, proxies). */
  @property({ attribute: false }) fetch?: typeof fetch;

  @state() private query = '';
  @state() private entries: RegistryEntry[] = [];
  @state() private notShown = 0;
  /** Entries the registry sent past the page size asked for (counted, never drawn). */
  @state() private overLimit = 0;
  @state() private nextCursor?: string;
  @state() private busy = false;
  @state() private status = '';
  @state() private failed = false;
  @state() private probes = new Map<string, ProbeResult | 'probing'>();
  @state() private values = new Map<string, Record<string, string>>();
  @state() private added = new Set<string>();
  /** Aborted when a new search starts or the element leaves the page: drops stale pages and probes. */
  #run = new AbortController();
  #probeQueue: Array<() => Promise<void>> = [];
  #probing = 0;

  override connectedCallback(): void {
    super.connectedCallback();
    // Moved in the page (a panel closed and opened again): the probes cut off on leaving run again.
    if (!this.#run.signal.aborted) return;
    this.#run = new AbortController();
    this.busy = false;
    for (const entry of this.entries) {
      for (const remote of entry.remotes)
        if (this.probes.get(this.#key(entry, remote.url)) === 'probing') this.#queueProbe(entry, remote.url, this.#run.signal);
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#run.abort();
    this.#probeQueue = [];
  }

  /** Searches the registry for `query` (what the search form does); resolves when the first page is shown. */
  async search(query: string = this.query): Promise<void> {
    this.#run.abort();
    this.#run = new AbortController();
    this.#probeQueue = [];
    this.query = query;
    this.entries = [];
    this.notShown = 0;
    this.overLimit = 0;
    this.nextCursor = undefined;
    this.probes = new Map();
    await this.#load(undefined, this.#run.signal);
  }

  /** Loads the next page, when there is one. */
  async more(): Promise<void> {
    if (this.nextCursor && !this.busy) await this.#load(this.nextCursor, this.#run.signal);
  }

  async #load(cursor: string | undefined, signal: AbortSignal): Promise<void> {
    const t = this.strings;
    this.busy = true;
    this.failed = false;
    this.status = t.searching;
    try {
      const page = await searchRegistry({
        registry: this.registry,
        search: this.query,
        limit: this.limit,
        cursor,
        signal,
        ...(this.fetch ? { fetch: this.fetch } : {}),
      });
      if (signal.aborted) return;
      const offered = page.entries.filter((e) => e.remotes.length);
      this.entries = [...this.entries, ...offered];
      this.notShown += page.entries.length - offered.length;
      this.nextCursor = page.nextCursor;
      this.overLimit += page.overLimit;
      const over = this.overLimit ? (t.overLimit ?? REGISTRY_SEARCH_STRINGS_EN.overLimit!)(this.overLimit, this.limit) : '';
      this.status = (this.entries.length ? t.found(this.entries.length, this.notShown) : t.noneFound(this.query)) + over;
      for (const entry of offered) for (const remote of entry.remotes) this.#queueProbe(entry, remote.url, signal);
    } catch (error) {
      if (signal.aborted) return;
      this.failed = true;
      this.status = t.failed(error instanceof Error ? error.message : String(error));
    } finally {
      if (!signal.aborted) this.busy = false;
    }
  }

  #key(entry: RegistryEntry, url: string): string {
    return `${entry.name}@${entry.version} ${url}`;
  }

  #queueProbe(entry: RegistryEntry, url: string, signal: AbortSignal): void {
    const key = this.#key(entry, url);
    const remote = entry.remotes.find((r) => r.url === url);
    if (!remote) return;
    this.probes = new Map(this.probes).set(key, 'probing');
    this.#probeQueue.push(async () => {
      const values = this.values.get(key) ?? {};
      const headers = headersFor(remote, values);
      const required = remote.headers
        .filter((h) => h.isRequired || remote.fields.some((f) => f.key.startsWith(`${h.name}.`) && f.isRequired))
        .map((h) => h.name);
      const result = await probeServer(url, { headers, requiredHeaders: required, signal, ...(this.fetch ? { fetch: this.fetch } : {}) });
      if (!signal.aborted) this.probes = new Map(this.probes).set(key, result);
    });
    this.#drain();
  }

  #drain(): void {
    while (this.#probing < PROBE_CONCURRENCY && this.#probeQueue.length) {
      const next = this.#probeQueue.shift()!;
      this.#probing++;
      void next().finally(() => {
        this.#probing--;
        this.#drain();
      });
    }
  }

  readonly #actions: EntryActions = {
    input: (view: RemoteView, field: RegistryField, value: string) => {
      this.values = new Map(this.values).set(view.key, { ...(this.values.get(view.key) ?? {}), [field.key]: value });
      // New values: the remote may be added again (the chat may have failed to connect with the old ones).
      if (this.added.has(view.key)) this.added = new Set([...this.added].filter((k) => k !== view.key));
    },
    check: (view: RemoteView) => {
      const entry = this.entries.find((e) => e.remotes.some((r) => this.#key(e, r.url) === view.key));
      if (entry) this.#queueProbe(entry, view.remote.url, this.#run.signal);
    },
    add: (view: RemoteView, form: HTMLFormElement) => {
      // Added already (the button says so and keeps focus rather than being disabled under the person's finger).
      if (this.added.has(view.key) || !form.reportValidity()) return;
      const entry = this.entries.find((e) => e.remotes.some((r) => this.#key(e, r.url) === view.key));
      if (!entry) return;
      const values = this.values.get(view.key) ?? {};
      const headers = headersFor(view.remote, values);
      const secret = view.remote.headers.filter(
        (h) => h.isSecret || view.remote.fields.some((f) => f.key.startsWith(`${h.name}.`) && f.isSecret),
      );
      const name = entry.title ?? entry.name;
      this.added = new Set(this.added).add(view.key);
      this.status = this.strings.added(name);
      this.dispatchEvent(
        new McpServerAddEvent({
          url: view.remote.url,
          name,
          headers,
          secretHeaders: secret.map((h) => h.name).filter((n) => n in headers),
          source: { registry: this.registry, name: entry.name, version: entry.version },
        }),
      );
    },
  };

  #dark(): boolean {
    if (this.theme) return this.theme === 'dark';
    return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
  }

  override render() {
    const t = this.strings;
    const dark = this.#dark();
    return html`
      <form
        part="search"
        class="search"
        role="search"
        @submit=${(e: Event) => {
          e.preventDefault();
          void this.search(this.query);
        }}
      >
        <label for="q">${t.searchLabel}</label>
        <input
          part="search-input"
          id="q"
          type="search"
          .value=${this.query}
          placeholder=${t.searchPlaceholder}
          autocomplete="off"
          @input=${(e: Event) => (this.query = (e.target as HTMLInputElement).value)}
        />
        <button part="search-button" class="primary" type="submit" ?disabled=${this.busy}>${t.searchButton}</button>
      </form>
      <p part="status" class="status ${this.failed ? 'error' : ''}" role="status" aria-live="polite">${this.status}</p>
      ${
        this.entries.length
          ? html`<ul part="results" class="results" aria-label=${t.resultsLabel}>
            ${this.entries.map((entry) =>
              renderEntry(
                entry,
                entry.remotes.map((remote) => {
                  const key = this.#key(entry, remote.url);
                  return { key, remote, probe: this.probes.get(key), values: this.values.get(key) ?? {}, added: this.added.has(key) };
                }),
                t,
                dark,
                this.#actions,
              ),
            )}
          </ul>`
          : nothing
      }
      ${
        this.nextCursor
          ? html`<button part="more-button" class="more" type="button" ?disabled=${this.busy} @click=${() => void this.more()}>${t.moreButton}</button>`
          : nothing
      }
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mcp-registry-search': McpRegistrySearch;
  }
}
