import { spawn } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { startModernServer } from '../servers/modern-server.js';
import { freePort, waitForHttp } from '../servers/running-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A 2026-only official-SDK server whose CORS allows `Mcp-Param-Region` (test/servers/modern-server.ts). */
    modernUrl: string;
    /** The same server, its CORS not allowing `Mcp-Param-Region`. */
    modernNoParamCorsUrl: string;
    /** A server without any CORS behind scripts/mcp-cors-proxy.mjs (the proxy documented in docs/mcp.md). */
    corsProxyUrl: string;
  }
}

/** Starts the small 2026 servers of test/servers/modern-server.ts for the browser tests. */
export default async function setup(project: TestProject) {
  const allowing = await startModernServer({ allowHeaders: ['mcp-param-region'] });
  const refusing = await startModernServer();
  const noCors = await startModernServer({ cors: false });
  const port = await freePort();
  const proxy = spawn(process.execPath, ['scripts/mcp-cors-proxy.mjs', noCors.url, String(port)], { stdio: 'ignore' });
  const proxyUrl = `http://127.0.0.1:${port}/mcp`;
  try {
    await waitForHttp(proxyUrl);
  } catch (error) {
    proxy.kill();
    await Promise.allSettled([allowing.close(), refusing.close(), noCors.close()]);
    throw error;
  }
  project.provide('modernUrl', allowing.url);
  project.provide('modernNoParamCorsUrl', refusing.url);
  project.provide('corsProxyUrl', proxyUrl);
  return async () => {
    const exited = new Promise((resolve) => proxy.once('exit', resolve));
    proxy.kill('SIGTERM');
    await exited;
    await Promise.allSettled([allowing.close(), refusing.close(), noCors.close()]);
  };
}
