import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { STATE_MAX } from './app-limits.js';

/**
 * The host end of the postMessage link to one sandbox proxy frame. Stricter
 * than the Apps SDK's `PostMessageTransport`: a message counts only when it
 * comes from that frame's window AND from the sandbox origin, and messages
 * go out addressed to the sandbox origin (never `*`). Anything else on the
 * page's `message` channel (the app posting to `top` directly, other frames,
 * other windows) is ignored.
 */
export class FrameTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /**
   * The proxy took the app down because its frame tried to navigate
   * (`ui/notifications/sandbox-app-left`, which the proxy never relays from
   * the app itself); `url` is where it tried to go, when known.
   */
  onappleft?: (url: string) => void;
  /**
   * The app's content security policy blocked something
   * (`ui/notifications/sandbox-csp-blocked`: the directive, and what was
   * blocked: `eval`, `inline` or an origin). Said by the proxy, at most once
   * per kind; the app can send it too, so it is only ever shown as text.
   */
  oncspblocked?: (directive: string, blocked: string) => void;
  /**
   * The app's kept state changed (`ui/notifications/sandbox-storage`: its
   * whole `localStorage`, which the proxy holds for it). Only string keys and
   * values, at most `STATE_MAX` characters; anything else is dropped.
   */
  onstate?: (items: Record<string, string>) => void;
  #closed = false;

  constructor(
    private readonly frame: HTMLIFrameElement,
    private readonly origin: string,
  ) {}

  readonly #listener = (event: MessageEvent) => {
    if (this.#closed || event.source !== this.frame.contentWindow || event.origin !== this.origin) return;
    const data: unknown = event.data;
    if (!data || typeof data !== 'object' || (data as { jsonrpc?: unknown }).jsonrpc !== '2.0') return;
    const { method, params } = data as { method?: unknown; params?: { url?: unknown; directive?: unknown; blocked?: unknown } };
    if (method === 'ui/notifications/sandbox-csp-blocked') {
      if (typeof params?.directive === 'string')
        this.oncspblocked?.(params.directive.slice(0, 60), typeof params.blocked === 'string' ? params.blocked.slice(0, 300) : '');
      return;
    }
    if (method === 'ui/notifications/sandbox-storage') {
      const items = (params as { items?: unknown } | undefined)?.items;
      if (isState(items)) this.onstate?.(items);
      return;
    }
    if (method === 'ui/notifications/sandbox-app-left') {
      this.onappleft?.(typeof params?.url === 'string' ? params.url : '');
      return;
    }
    this.onmessage?.(data as JSONRPCMessage);
  };

  async start(): Promise<void> {
    window.addEventListener('message', this.#listener);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.#closed) return;
    this.frame.contentWindow?.postMessage(message, this.origin);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    window.removeEventListener('message', this.#listener);
    this.onclose?.();
  }
}

/** String keys and values, at most `STATE_MAX` characters in all. */
function isState(items: unknown): items is Record<string, string> {
  if (!items || typeof items !== 'object' || Array.isArray(items)) return false;
  let size = 0;
  for (const [k, v] of Object.entries(items)) {
    if (typeof v !== 'string') return false;
    size += k.length + v.length;
    if (size > STATE_MAX) return false;
  }
  return true;
}
