import type { TestProject } from 'vitest/node';
import { startDemoServer } from '../demo/server/server.js';
import { startEverything } from './servers/everything.js';
import { startFakeProviders } from './fakes/providers.js';
import type { RunningServer } from './servers/running-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The demo MCP server (both eras), e.g. http://127.0.0.1:PORT/mcp */
    demoUrl: string;
    /** @modelcontextprotocol/server-everything (2025 era), http://127.0.0.1:PORT/mcp */
    everythingUrl: string;
    /** Fake OpenAI-compatible chat-completions server base URL (ends in /v1) */
    openaiUrl: string;
    /** Fake Anthropic messages server base URL (ends in /v1) */
    anthropicUrl: string;
  }
}

/**
 * Starts every server the tests talk to, each on a free port on 127.0.0.1,
 * and stops them all afterwards. Tests read the URLs with `inject('demoUrl')`.
 */
export default async function setup(project: TestProject) {
  const started: RunningServer[] = [];
  try {
    const demo = await startDemoServer({ port: 0 });
    started.push(demo);
    const everything = await startEverything();
    started.push(everything);
    const providers = await startFakeProviders();
    started.push(providers);
    project.provide('demoUrl', demo.url);
    project.provide('everythingUrl', everything.url);
    project.provide('openaiUrl', providers.openaiUrl);
    project.provide('anthropicUrl', providers.anthropicUrl);
  } catch (error) {
    await Promise.allSettled(started.map((s) => s.close()));
    throw error;
  }
  return async () => {
    await Promise.allSettled(started.map((s) => s.close()));
  };
}
