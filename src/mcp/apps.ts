import type { Tool } from '@modelcontextprotocol/client';

/**
 * MCP Apps (`io.modelcontextprotocol/ui`, SEP-1865): the protocol facts the
 * rest of the library needs, with no dependency on the Apps SDK (which loads
 * lazily, only when a view is shown).
 *
 * Negotiation: the extension goes into the client's `capabilities.extensions`.
 * SDK 2.4 sends those capabilities in `initialize` on 2025-11-25 servers and in
 * every request's `_meta` envelope on 2026-07-28 servers, so one declaration
 * covers both eras (test/unit/mcp-apps.test.ts checks what the server sees).
 */

/** The extension's identifier. */
export const MCP_APPS_EXTENSION = 'io.modelcontextprotocol/ui';

/** The MIME type of an app's HTML resource. */
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';

/** What the client declares under `capabilities.extensions` (a fresh object each time). */
export function mcpAppsClientCapability(): Record<string, { mimeTypes: string[] }> {
  return { [MCP_APPS_EXTENSION]: { mimeTypes: [MCP_APP_MIME_TYPE] } };
}

/** Who may call a tool: the model (its tool list) and/or the tool's own app. */
export type McpAppVisibility = 'model' | 'app';

/** A tool's app metadata, normalized. */
export interface McpToolUi {
  /** The `ui://` resource of the tool's view, when it has one. */
  resourceUri?: string;
  /** Who may call it; the spec's default is both. */
  visibility: McpAppVisibility[];
}

const DEFAULT_VISIBILITY: McpAppVisibility[] = ['model', 'app'];

function record(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/**
 * Reads `_meta.ui` of a tool (and the deprecated flat `_meta["ui/resourceUri"]`).
 * Server data is untrusted: a resource URI that is not `ui://` is ignored, and a
 * `visibility` that is not a list of known words counts as the default.
 */
export function toolUi(tool: Pick<Tool, '_meta'>): McpToolUi {
  const meta = record(tool._meta);
  const ui = record(meta?.ui);
  const uri =
    typeof ui?.resourceUri === 'string'
      ? ui.resourceUri
      : typeof meta?.['ui/resourceUri'] === 'string'
        ? (meta['ui/resourceUri'] as string)
        : undefined;
  const raw = ui?.visibility;
  const visibility =
    Array.isArray(raw) && raw.every((v) => v === 'model' || v === 'app') ? [...new Set(raw as McpAppVisibility[])] : DEFAULT_VISIBILITY;
  return { resourceUri: uri?.startsWith('ui://') ? uri : undefined, visibility };
}

/** The tool's view resource URI, or undefined when it has no view. */
export function toolViewUri(tool: Pick<Tool, '_meta'>): string | undefined {
  return toolUi(tool).resourceUri;
}

/** May the model see and call this tool? (Spec: hosts MUST NOT list tools without `"model"`.) */
export function isModelVisible(tool: Pick<Tool, '_meta'>): boolean {
  return toolUi(tool).visibility.includes('model');
}

/** May an app of the same server call this tool? (Spec: hosts MUST reject app calls without `"app"`.) */
export function isAppCallable(tool: Pick<Tool, '_meta'>): boolean {
  return toolUi(tool).visibility.includes('app');
}
