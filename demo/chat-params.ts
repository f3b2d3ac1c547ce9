/**
 * Reads the demo pages' address options: `?server=URL` (repeatable) and
 * `?provider=openai|anthropic|ollama&baseUrl=URL&model=ID`, and `?ollama=URL`
 * (where Settings looks for Ollama; default localhost:11434). A key is never
 * taken from the address (addresses end up in logs and histories).
 */
import type { ProviderConfig, ProviderKind } from '../src/elements/mcp-chat/model/provider-config.js';

/** The demo MCP server `npm run demo` starts (its `PORT` reaches the pages as `VITE_DEMO_SERVER`). */
export const DEFAULT_SERVER: string = (import.meta as ImportMeta & { env?: Record<string, string | undefined> }).env?.VITE_DEMO_SERVER ?? 'http://127.0.0.1:3001/mcp';

/**
 * Links between the demo pages keep the address options (`?server=…`), so
 * moving from page to page stays on the same servers and provider.
 */
export function keepParamsInLinks(search = location.search): void {
  if (!search) return;
  for (const a of document.querySelectorAll<HTMLAnchorElement>('a[href^="./"]')) {
    const url = new URL(a.href);
    if (!url.search) a.href = `${url.pathname.split('/').pop()}${search}${url.hash}`;
  }
}

/** Servers and provider the address asks for. */
export function readChatParams(search = location.search): { servers: string[]; provider?: ProviderConfig; ollamaUrl?: string } {
  const params = new URLSearchParams(search);
  const servers = params.getAll('server').filter(Boolean);
  const kind = params.get('provider');
  const provider =
    kind === 'openai' || kind === 'anthropic' || kind === 'ollama'
      ? { kind: kind as ProviderKind, baseUrl: params.get('baseUrl') ?? undefined, model: params.get('model') ?? undefined }
      : undefined;
  return { servers: servers.length ? servers : [DEFAULT_SERVER], provider, ollamaUrl: params.get('ollama') ?? undefined };
}

/** The MCP Apps sandbox proxy `npm run demo` serves on its own port (a second origin). */
export const DEFAULT_SANDBOX_URL = 'http://127.0.0.1:3002/mcp-app-sandbox.html';

/** The official basic-vanillajs MCP Apps example server `npm run demo` starts. */
export const DEFAULT_BASIC_SERVER = 'http://127.0.0.1:3003/mcp';

/** `?sandbox=URL` (the sandbox proxy page) and `?basicServer=URL` (the example app server). */
export function readAppParams(search = location.search): { sandboxUrl: string; basicServer: string } {
  const params = new URLSearchParams(search);
  return { sandboxUrl: params.get('sandbox') ?? DEFAULT_SANDBOX_URL, basicServer: params.get('basicServer') ?? DEFAULT_BASIC_SERVER };
}
