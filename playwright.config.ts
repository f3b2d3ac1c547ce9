import { defineConfig } from '@playwright/test';
// @ts-expect-error plain JS helper shared with vitest.config.ts
import { chromiumExecutable } from './scripts/chromium.mjs';
import { freePort } from './test/servers/running-server.js';

// The Vite port is chosen once, in the main process; workers inherit the
// environment, so every process agrees on it. The MCP demo server and the
// fake providers are started by test/e2e/global-setup.ts (also the main
// process), which publishes their URLs the same way (E2E_DEMO_URL, E2E_OPENAI_URL).
process.env.E2E_PAGE_PORT ??= String(await freePort());
const pagePort = Number(process.env.E2E_PAGE_PORT);

/** End-to-end: the demo pages against the demo server, in Chromium. */
export default defineConfig({
  testDir: 'test/e2e',
  workers: 1,
  timeout: 60_000,
  reporter: [['list'], ['json']],
  globalSetup: './test/e2e/global-setup.ts',
  webServer: {
    command: 'npx vite',
    env: { DEMO_PAGE_PORT: String(pagePort) },
    url: `http://127.0.0.1:${pagePort}/index.html`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
  },
  use: {
    baseURL: `http://127.0.0.1:${pagePort}/`,
    launchOptions: { executablePath: chromiumExecutable() },
    trace: 'off',
  },
});
