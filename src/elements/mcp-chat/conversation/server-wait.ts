import { html, nothing } from 'lit';
import type { ChatStrings } from '../strings.js';
import type { ChatSessionHost } from './contract.js';

/** How long a turn waits, at most, for servers still connecting before it goes on without them (ms). */
export const SERVER_WAIT_MS = 10_000;

/**
 * The first message waits for its servers: a turn started while a server is
 * still connecting waits for it (up to {@link SERVER_WAIT_MS}) so the model's
 * first request carries that server's tools, and the conversation says so
 * ("Connecting to Weather…", a calm waiting line in a live region). A server
 * that fails or does not answer in time is named and the turn goes on without
 * it; its tools join a later round once they arrive (the agent lists the
 * tools again every round).
 */
export class ServerWait {
  readonly #host: ChatSessionHost;
  /** The servers being waited for (shown as the waiting line). */
  connecting: readonly string[] = [];
  /** The servers the last wait gave up on (named in the conversation until the next turn). */
  skipped: readonly string[] = [];

  constructor(host: ChatSessionHost) {
    this.#host = host;
  }

  /** Waits for the servers still connecting; resolves at once when none is. Ends early when `signal` aborts (Stop). */
  async wait(signal: AbortSignal, timeoutMs = SERVER_WAIT_MS): Promise<void> {
    const host = this.#host;
    const names = host.servers.connectingNames();
    this.skipped = [];
    if (!names.length) return;
    this.connecting = names;
    host.requestUpdate();
    host.announce(host.text.connectingTo(names.join(', ')));
    const missing = await host.servers.whenConnected(timeoutMs, signal);
    this.connecting = [];
    if (!signal.aborted && missing.length) {
      this.skipped = missing;
      host.announce(host.text.serversSkipped(missing.join(', ')));
    }
    host.requestUpdate();
  }

  /** Forgets the note of a past wait (a new conversation). */
  clear(): void {
    this.connecting = [];
    this.skipped = [];
  }

  /** The waiting line (spinner and names) or the note naming the servers the turn went on without. */
  render(t: ChatStrings) {
    if (this.connecting.length) {
      return html`<p part="server-wait" class="server-wait" role="status"><span class="spinner"
        aria-hidden="true"></span>${t.connectingTo(this.connecting.join(', '))}</p>`;
    }
    if (this.skipped.length)
      return html`<p part="server-wait" class="server-wait skipped" role="status">${t.serversSkipped(this.skipped.join(', '))}</p>`;
    return nothing;
  }
}
