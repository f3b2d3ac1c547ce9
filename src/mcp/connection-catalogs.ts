import type { Client, McpSubscription, Prompt, Resource, ResourceTemplateType, Tool } from '@modelcontextprotocol/client';
import type { McpCatalogKind } from './connection-events.js';
import { loadTools, type InvalidTool } from './tool-list.js';

/** What each catalog holds. */
export interface McpCatalogs {
  tools: Tool[];
  prompts: Prompt[];
  resources: Resource[];
  resourceTemplates: ResourceTemplateType[];
}

/** Every catalog kind, in load order. */
export const CATALOG_KINDS: readonly McpCatalogKind[] = ['tools', 'prompts', 'resources', 'resourceTemplates'];

/**
 * Loads one catalog, every page (the SDK follows cursors), bypassing the
 * SDK's cache. A server without the capability has an empty catalog. Tools
 * that break the MCP format are left out of the catalog and reported to
 * `onInvalid` (the others are kept).
 */
export async function loadCatalog<K extends McpCatalogKind>(
  client: Client,
  kind: K,
  onInvalid?: (invalid: InvalidTool[]) => void,
): Promise<McpCatalogs[K]> {
  const caps = client.getServerCapabilities() ?? {};
  const opts = { cacheMode: 'refresh' as const };
  switch (kind) {
    case 'tools': {
      const { tools, invalid } = caps.tools ? await loadTools(client, opts) : { tools: [], invalid: [] };
      onInvalid?.(invalid);
      return tools as McpCatalogs[K];
    }
    case 'prompts':
      return (caps.prompts ? (await client.listPrompts(undefined, opts)).prompts : []) as McpCatalogs[K];
    case 'resources':
      return (caps.resources ? (await client.listResources(undefined, opts)).resources : []) as McpCatalogs[K];
    case 'resourceTemplates':
      return (caps.resources ? (await client.listResourceTemplates(undefined, opts)).resourceTemplates : []) as McpCatalogs[K];
    default: {
      const never: never = kind;
      throw new Error(`Unknown catalog ${String(never)}`);
    }
  }
}

/**
 * 2025 servers: `resources/subscribe` for each URI (list changes arrive as
 * notifications without asking). 2026 servers: opens one
 * `subscriptions/listen` stream carrying list changes and the subscribed
 * URIs, and returns it (undefined when there is nothing to listen to).
 */
export async function subscribe(client: Client, uris: ReadonlySet<string>): Promise<McpSubscription | undefined> {
  const caps = client.getServerCapabilities() ?? {};
  if (client.getProtocolEra() === 'legacy') {
    if (caps.resources?.subscribe) await Promise.all([...uris].map((uri) => client.subscribeResource({ uri })));
    return undefined;
  }
  const filter = {
    ...(caps.tools?.listChanged && { toolsListChanged: true }),
    ...(caps.prompts?.listChanged && { promptsListChanged: true }),
    ...(caps.resources?.listChanged && { resourcesListChanged: true }),
    ...(caps.resources?.subscribe && uris.size > 0 && { resourceSubscriptions: [...uris] }),
  };
  if (Object.keys(filter).length === 0) return undefined;
  return client.listen(filter);
}
