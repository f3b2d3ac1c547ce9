import { startDemoServer } from '../../demo/server/server.js';
import { startFakeProviders } from '../fakes/providers.js';

/**
 * Starts the demo MCP server and the fake model providers on free ports of
 * 127.0.0.1 for the end-to-end tests and publishes their URLs in
 * `process.env` (E2E_DEMO_URL, E2E_OPENAI_URL), which the test workers
 * inherit. Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const demo = await startDemoServer({ port: 0 });
  const fakes = await startFakeProviders().catch(async (error: unknown) => {
    await demo.close();
    throw error;
  });
  process.env.E2E_DEMO_URL = demo.url;
  process.env.E2E_OPENAI_URL = fakes.openaiUrl;
  return async () => {
    await Promise.allSettled([demo.close(), fakes.close()]);
  };
}
