/**
 * How page tools are named to people and keyed for per-tool choices: the
 * page's name is its title, else its host; a tool's key is
 * `page:<origin>#<tool>` (`page:<origin>#chat:<tool>` for one given to the
 * chat), so "always allow" given to a page's tool never applies to a server's
 * tool of the same name (server keys are URLs), nor to the other source's.
 */

/** The page's name for people: `document.title`, else the host, else "This page". */
export function currentPageName(scope: { document?: { title?: string }; location?: { host?: string } } = globalThis as never): string {
  return scope.document?.title?.trim() || scope.location?.host || 'This page';
}

/**
 * The "server" people see for a tool read from the page's WebMCP registry
 * (`document.modelContext`): the page's name and "(WebMCP)", e.g. "Shop
 * (WebMCP)", so a card, an approval question, the palette and the history
 * all say the tool came from there (any script on the page may register
 * one), unlike the tools the page gave the chat itself (`registerTool`).
 */
export const webMcpSource = (pageName: string): string => `${pageName} (WebMCP)`;

/** The page's origin (`location.origin`), or `page` outside a browser. */
export function currentPageOrigin(scope: { location?: { origin?: string } } = globalThis as never): string {
  const origin = scope.location?.origin;
  return origin && origin !== 'null' ? origin : 'page';
}

/**
 * The key per-tool choices are kept under for a page tool (see `AgentTool.key`):
 * `page:<origin>#<name>` for a tool on the page's WebMCP `modelContext`,
 * `page:<origin>#chat:<name>` for one given to the chat (`registerTool`), so a
 * tool of each source with the same name never shares "Always allow" (a tool
 * name cannot hold a `:`, so the two never meet).
 */
export function pageToolKey(origin: string, name: string, source: 'webmcp' | 'chat' = 'webmcp'): string {
  return source === 'chat' ? `page:${origin}#chat:${name}` : `page:${origin}#${name}`;
}

/** WebMCP's rule for tool names: 1-128 of ASCII letters, digits, `_`, `-`, `.`. */
export const PAGE_TOOL_NAME_PATTERN = /^[A-Za-z0-9_.-]{1,128}$/;

/**
 * Tools this library itself published on a `modelContext` (by name), so
 * importing from the same `modelContext` never takes them back as page
 * tools (a server's tool would otherwise come back to the chat twice).
 */
export const publishedOn = new WeakMap<object, Set<string>>();
