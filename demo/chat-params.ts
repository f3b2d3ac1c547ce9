/**
 * Reads the demo pages' address options: `?server=URL` (repeatable) and
 * `?provider=openai|anthropic|ollama&baseUrl=URL&model=ID`, and `?ollama=URL`
 * (where Settings looks for Ollama; default localhost:11434). A key is never
 * taken from the address (addresses end up in logs and histories).
 */
import type { ProviderConfig, ProviderKind } from '../src/elements/mcp-chat/provider-config.js';

/** The demo MCP server `npm run demo` starts. */
export const DEFAULT_SERVER = 'http://127.0.0.1:3001/mcp';

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
