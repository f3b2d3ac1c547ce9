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

/**
 * Browser test files that run one at a time, alone, after the rest: those that
 * assert wall-clock time (no task over 200 ms, the gap between timer ticks, an
 * answer within a bound) or drive the heaviest pages, and those that reset or
 * read the log of a fixture every file shares (the authorization server, the
 * attacker's hit list). A new file of either kind belongs here.
 */
const oneAtATime = [
  // wall-clock time, heavy pages
  'app-view-floods',
  'browser-model-provider',
  'chat-app-partial-flood',
  'chat-long-conversation',
  'chat-files',
  'discovery',
  'markdown-freeze',
  'markdown-hostile',
  'markdown-long',
  'mcp-stream-budget',
  'mcp-tasks',
  'notification-storm',
  'trace-view-big',
  'tool-card-big-value',
  'on-device-model',
  // a shared fixture's state
  'app-view-csp',
  'app-view-navigation',
  'chat-discovery-signin',
  'chat-signin',
  'chat-signin-metadata',
  'mcp-oauth',
  'oauth-bad-metadata',
  'oauth-flows',
  'oauth-popup',
  // lowers the storage quota of the tests' origin (the DevTools protocol) while a model downloads
  'on-device-quota',
  // stops and restarts the sync faults' own PostgreSQL and server, sets the proxy's mode
  'history-sync-faults',
].map((name) => `test/browser/${name}.test.ts`);

const browser = () => ({
  enabled: true,
  headless: true,
  provider: playwright({ launchOptions: { executablePath, args } }),
  instances: [{ browser: 'chromium' as const }],
  screenshotFailures: false,
});

// Two cores, two groups, one after the other (docs/contributing.md):
// 1. the Node test files two at a time, beside the browser test files two at
//    a time (each in its own browser context);
// 2. the browser test files of `oneAtATime`, one at a time, alone.
export default defineConfig({
  test: {
    globalSetup: ['./test/global-setup.ts', ...extraSetups],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A poll waits up to 2 s for what it expects (it passes as soon as it sees it): product state that takes
    // longer (a server's answer, a connection, a saved write) is awaited by the event or promise that says it happened.
    expect: { poll: { timeout: 2_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/unit/**/*.test.ts', 'test/node/**/*.test.ts'],
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          exclude: oneAtATime,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          browser: browser(),
        },
      },
      {
        extends: true,
        test: {
          name: 'browser-alone',
          include: oneAtATime,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
          browser: browser(),
        },
      },
    ],
  },
});
