/**
 * Reads the demo pages' address options: `?server=URL` (repeatable) and
 * `?provider=openai|anthropic|ollama&baseUrl=URL&model=ID`, and `?ollama=URL`
 * (where Settings looks for Ollama; default localhost:11434). A key is never
 * taken from the address (addresses end up in logs and histories).
 */
import { checkSandboxUrl } from '../src/elements/mcp-app-view/sandbox-url.js';
import type { ProviderConfig, ProviderKind } from '../src/elements/mcp-chat/model/provider-config.js';

/**
 * What `npm run demo` (scripts/demo.mjs) hands the pages through Vite: the
 * addresses made from `PORT`, `SANDBOX_PORT` and `BASIC_PORT`.
 */
const env: Record<string, string | undefined> = (import.meta as ImportMeta & { env?: Record<string, string | undefined> }).env ?? {};

// The chat's default open model: `npm run demo` serves the generated tiny model in its place
// (MODEL_PORT, demo/server/model.ts), so the demo shows the consent, the download and an answer.
if (env.VITE_DEFAULT_MODEL) Object.assign(globalThis, { mcpWebElementsDefaultModel: JSON.parse(env.VITE_DEFAULT_MODEL) as unknown });

/** The demo MCP server `npm run demo` starts (its `PORT` reaches the pages as `VITE_DEMO_SERVER`). */
export const DEFAULT_SERVER: string = env.VITE_DEMO_SERVER ?? 'http://127.0.0.1:3001/mcp';

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

/** The MCP Apps sandbox proxy `npm run demo` serves on its own port, a second origin (`SANDBOX_PORT`, as `VITE_SANDBOX_URL`). */
export const DEFAULT_SANDBOX_URL: string = env.VITE_SANDBOX_URL ?? 'http://127.0.0.1:3002/mcp-app-sandbox.html';

/** The official basic-vanillajs MCP Apps example server `npm run demo` starts (`BASIC_PORT`, as `VITE_BASIC_SERVER`). */
export const DEFAULT_BASIC_SERVER: string = env.VITE_BASIC_SERVER ?? 'http://127.0.0.1:3003/mcp';

/**
 * `?sandbox=URL` (the sandbox proxy page) and `?basicServer=URL` (the example
 * app server). The address is anyone's to craft, so `?sandbox=` goes through
 * the elements' own check (http/https on another origin only): a refused
 * value is not used (no sandbox at all, so no app runs), and `sandboxRefused`
 * says why, for the page to show ({@link showSandboxRefusal}).
 */
export function readAppParams(search = location.search): { sandboxUrl?: string; basicServer: string; sandboxRefused?: string } {
  const params = new URLSearchParams(search);
  const basicServer = params.get('basicServer') ?? DEFAULT_BASIC_SERVER;
  const asked = params.get('sandbox');
  if (asked === null) return { sandboxUrl: DEFAULT_SANDBOX_URL, basicServer };
  const checked = checkSandboxUrl(asked);
  if (!checked.ok) return { basicServer, sandboxRefused: checked.reason };
  return { sandboxUrl: checked.href, basicServer };
}

/** Shows why `?sandbox=` was refused, at the top of the page (an alert, so screen readers say it too). */
export function showSandboxRefusal(reason: string | undefined): void {
  if (!reason) return;
  const note = document.createElement('p');
  note.id = 'sandbox-refused';
  note.setAttribute('role', 'alert');
  note.style.cssText = 'margin:0;padding:8px 12px;background:#fde8e8;color:#8a1c1c;font:14px system-ui,sans-serif';
  note.textContent = reason;
  document.body.prepend(note);
}

/**
 * The sync `npm run demo` starts when PostgreSQL is installed (`VITE_SYNC_URL`), with a
 * token for the demo's one person (`VITE_SYNC_TOKEN`): every browser profile that opens
 * the demo shares its conversations. `?sync=off` turns it off for a page.
 */
export function readSyncParams(search = location.search): { url: string; token: string } | undefined {
  if (new URLSearchParams(search).get('sync') === 'off') return undefined;
  return env.VITE_SYNC_URL && env.VITE_SYNC_TOKEN ? { url: env.VITE_SYNC_URL, token: env.VITE_SYNC_TOKEN } : undefined;
}
