import { readdirSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
// @ts-expect-error plain JS helper shared with playwright.config.ts
import { chromiumExecutable } from './scripts/chromium.mjs';

const executablePath: string | undefined = chromiumExecutable();
// WebMCP (`document.modelContext`) is behind a flag in Chromium 156: page-tools tests use the real one.
const args = ['--enable-features=WebMCP'];

// Each area may add servers of its own as test/setup/<name>.ts (a Vitest
// global setup that provides URLs); test/global-setup.ts starts the shared ones.
const extraSetups = readdirSync('test/setup')
  .filter((f) => f.endsWith('.ts'))
  .map((f) => `./test/setup/${f}`);

export default defineConfig({
  test: {
    globalSetup: ['./test/global-setup.ts', ...extraSetups],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: one file at a time per project keeps servers and Chromium responsive.
    fileParallelism: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/unit/**/*.test.ts', 'test/node/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: { executablePath, args } }),
            instances: [{ browser: 'chromium' }],
            screenshotFailures: false,
          },
        },
      },
    ],
  },
});
