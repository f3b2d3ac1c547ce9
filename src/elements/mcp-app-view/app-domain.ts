/**
 * `_meta.ui.domain` (MCP Apps): a server may ask for a stable origin of its
 * own for its views. The spec leaves the format to each host; this host's:
 * one DNS label (letters, digits and hyphens, at most 63, not starting or
 * ending with a hyphen), e.g. `"weather-app"`, compared without case. It only
 * takes effect when the page's `sandbox-url` is a template with `{domain}`
 * in its host name (`https://{domain}.apps.example.com/mcp-app-sandbox.html`):
 * the sandbox page of that view is then loaded from that host. A view whose
 * resource declares no domain (or one in another format) gets a label made
 * from its server's address (`srv-` and 8 hex digits), so views of different
 * servers never share a sandbox origin. See docs/elements/mcp-app-view.md.
 */

/** What a `sandbox-url` template holds where the app's label goes. */
export const DOMAIN_PLACEHOLDER = '{domain}';

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** 32-bit FNV-1a of `text`, as 8 hex digits: a stable, short name for a server (not a secret). */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * The label a view's sandbox host gets: the resource's declared `domain` when
 * it is one DNS label (lowercased; `srv-…` is kept for servers' own labels
 * and refused), else `srv-<hash of the server's URL>`. `declared` says which.
 */
export function appDomainLabel(domain: unknown, serverUrl: string): { label: string; declared: boolean } {
  if (typeof domain === 'string') {
    const label = domain.trim().toLowerCase();
    if (LABEL.test(label) && !label.startsWith('srv-')) return { label, declared: true };
  }
  return { label: `srv-${fnv1a(serverUrl)}`, declared: false };
}

/** `sandboxUrl` with every `{domain}` replaced by `label` (unchanged when it has none). */
export function sandboxUrlFor(sandboxUrl: string, label: string): string {
  return sandboxUrl.split(DOMAIN_PLACEHOLDER).join(label);
}
