import { defineConfig } from '@playwright/test';
// @ts-expect-error plain JS helper shared with vitest.config.ts
import { chromiumExecutable } from './scripts/chromium.mjs';

/** End-to-end: the demo pages against the demo server, in Chromium. */
export default defineConfig({
  testDir: 'test/e2e',
  workers: 1,
  timeout: 60_000,
  reporter: [['list'], ['json']],
  use: {
    launchOptions: { executablePath: chromiumExecutable() },
    trace: 'off',
  },
});
