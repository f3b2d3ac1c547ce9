import { MCP_APP_MIME_TYPE } from '../../mcp/apps.js';
import type { McpConnection } from '../../mcp/connection.js';
import type { AppResource } from './app-session.js';

type UiMeta = { csp?: AppResource['csp']; permissions?: AppResource['permissions']; prefersBorder?: boolean; domain?: unknown };

function uiMeta(meta: unknown): UiMeta {
  const ui = meta && typeof meta === 'object' ? (meta as { ui?: unknown }).ui : undefined;
  return ui && typeof ui === 'object' && !Array.isArray(ui) ? (ui as UiMeta) : {};
}

function decodeBase64Utf8(base64: string): string {
  const binary = atob(base64);
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** What `resources/read` gives back (the connection's result). */
export type ReadResult = Awaited<ReturnType<McpConnection['readResource']>>;

/**
 * Reads a view's `ui://` resource with `resources/read` and checks it is an
 * MCP App (`text/html;profile=mcp-app`, text or base64 blob). The security
 * metadata (`_meta.ui.csp`, `permissions`, `prefersBorder`, `domain`) of the content
 * item wins over the one in the server's resource listing, field by field.
 * Throws an error a person can read when the resource is missing or not an app.
 * `read`, when given, is a read already under way (see app-prewarm.ts); the
 * listing's metadata is taken now, whenever the read was made.
 */
export async function loadAppResource(
  connection: McpConnection,
  uri: string,
  signal?: AbortSignal,
  read?: Promise<ReadResult>,
): Promise<AppResource> {
  const result = await (read ?? connection.readResource(uri, { signal }));
  const item = result.contents.find((c) => c.uri === uri) ?? result.contents[0];
  if (!item) throw new Error(`The server returned nothing for the view ${uri}.`);
  const mime = (item.mimeType ?? '').replace(/\s+/g, '').toLowerCase();
  if (mime !== MCP_APP_MIME_TYPE) throw new Error(`The view ${uri} is not an MCP App (its type is ${item.mimeType ?? 'missing'}).`);
  const html = 'text' in item ? item.text : decodeBase64Utf8(item.blob);
  const listed = uiMeta(connection.resources.find((r) => r.uri === uri)?._meta);
  const own = uiMeta(item._meta);
  return {
    html,
    csp: own.csp ?? listed.csp,
    permissions: own.permissions ?? listed.permissions,
    prefersBorder: own.prefersBorder ?? listed.prefersBorder,
    domain: own.domain ?? listed.domain,
  };
}
