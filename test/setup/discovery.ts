import type { TestProject } from 'vitest/node';
import { startDiscoverySites } from '../servers/discovery-sites.js';
import { startRegistryFixture } from '../servers/registry-fixture.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The local MCP Registry serving test/fixtures/registry (http://127.0.0.1:PORT; `GET /v0.1/servers`). */
    registryUrl: string;
    /** The probe remotes' origin (`/works/mcp`, `/sign-in/mcp`, `/no-cors/mcp`, `/secret/mcp`, `/elsewhere/mcp`, `/test/hits`). */
    remotesOrigin: string;
    /** A site serving MCP at `/mcp`. */
    siteMcpOrigin: string;
    /** A site naming its server only in its server card. */
    siteCardOrigin: string;
    /** A site with no MCP server (HTML for every request). */
    siteNoneOrigin: string;
    /** A site naming its server only in its MCP Catalog. */
    siteCatalogOrigin: string;
    /** A site whose server only `/mcp/server-card` describes. */
    siteEndpointCardOrigin: string;
  }
}

/** Starts the registry fixture and the discovery sites (test/servers/discovery-sites.ts); stops them afterwards. */
export default async function setup(project: TestProject) {
  const sites = await startDiscoverySites();
  let registry;
  try {
    registry = await startRegistryFixture(sites.remotes.url);
  } catch (error) {
    await sites.close();
    throw error;
  }
  project.provide('registryUrl', registry.url);
  project.provide('remotesOrigin', sites.remotes.url);
  project.provide('siteMcpOrigin', sites.siteMcp.url);
  project.provide('siteCardOrigin', sites.siteCard.url);
  project.provide('siteNoneOrigin', sites.siteNone.url);
  project.provide('siteCatalogOrigin', sites.siteCatalog.url);
  project.provide('siteEndpointCardOrigin', sites.siteEndpointCard.url);
  return async () => {
    await registry.close();
    await sites.close();
  };
}
