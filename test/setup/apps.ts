import type { TestProject } from 'vitest/node';
import { startSandboxOrigin } from '../../demo/server/sandbox-origin.js';
import { startAppExample } from '../servers/app-examples.js';
import type { RunningServer } from '../servers/running-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The MCP Apps sandbox proxy page on an origin of its own (127.0.0.1, free port). */
    sandboxUrl: string;
    /** @modelcontextprotocol/server-basic-vanillajs over Streamable HTTP, http://127.0.0.1:PORT/mcp */
    basicVanillaUrl: string;
    /** @modelcontextprotocol/server-basic-react over Streamable HTTP, http://127.0.0.1:PORT/mcp */
    basicReactUrl: string;
  }
}

/** MCP Apps: the sandbox origin and the official example servers; all stopped afterwards. */
export default async function setup(project: TestProject) {
  const started: RunningServer[] = [];
  try {
    const sandbox = await startSandboxOrigin({ port: 0 });
    started.push(sandbox);
    const vanilla = await startAppExample('basic-vanillajs');
    started.push(vanilla);
    const react = await startAppExample('basic-react');
    started.push(react);
    project.provide('sandboxUrl', sandbox.url);
    project.provide('basicVanillaUrl', vanilla.url);
    project.provide('basicReactUrl', react.url);
  } catch (error) {
    await Promise.allSettled(started.map((s) => s.close()));
    throw error;
  }
  return async () => {
    await Promise.allSettled(started.map((s) => s.close()));
  };
}
