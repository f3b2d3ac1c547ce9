import { startDemoServer } from '../../demo/server/server.js';
import { startSandboxOrigin } from '../../demo/server/sandbox-origin.js';
import { startFakeProviders } from '../fakes/providers.js';
import { startAppExample } from '../servers/app-examples.js';

/**
 * Starts the demo MCP server, the fake model providers, the MCP Apps sandbox
 * origin and the official basic-vanillajs example server on free ports of
 * 127.0.0.1 for the end-to-end tests and publishes their URLs in
 * `process.env` (E2E_DEMO_URL, E2E_OPENAI_URL, E2E_SANDBOX_URL,
 * E2E_BASIC_URL), which the test workers inherit. Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const started: Array<{ close(): Promise<void> }> = [];
  try {
    const demo = await startDemoServer({ port: 0 });
    started.push(demo);
    const fakes = await startFakeProviders();
    started.push(fakes);
    const sandbox = await startSandboxOrigin({ port: 0 });
    started.push(sandbox);
    const basic = await startAppExample('basic-vanillajs');
    started.push(basic);
    process.env.E2E_DEMO_URL = demo.url;
    process.env.E2E_OPENAI_URL = fakes.openaiUrl;
    process.env.E2E_SANDBOX_URL = sandbox.url;
    process.env.E2E_BASIC_URL = basic.url;
  } catch (error) {
    await Promise.allSettled(started.map((s) => s.close()));
    throw error;
  }
  return async () => {
    await Promise.allSettled(started.map((s) => s.close()));
  };
}
