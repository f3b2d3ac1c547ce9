import { expect, inject, test } from 'vitest';
import type { McpAppStateChangeEvent } from '../../src/events/app-state-change.js';
import { showApp, type ShowAppOptions } from './app-view-support.js';

// <mcp-app-view> and the apps of test/servers/app-state-server.ts on the real
// sandbox origin: an app's kept state (its localStorage) and the server's list changes.

/** Shows `app` of the app-state server (its reports come as `app:state-app`), closed after the test. */
const showStateApp = (app: string, options: Omit<ShowAppOptions, 'logger'> = {}) =>
  showApp(app, { url: inject('appStateUrl'), logger: 'app:state-app', ...options });

test("an app's localStorage is kept for it (its origin has none), said in mcp-app-state-change, and given back to the next showing", async () => {
  const changes: McpAppStateChangeEvent[] = [];
  const first = await showStateApp('notes-app', { setup: (view) => view.addEventListener('mcp-app-state-change', (e) => changes.push(e)) });
  expect((await first.report('restored')).detail).toBeNull();
  expect((await first.report('saved')).detail).toBe(1);
  // More than the app may keep: refused the way a browser refuses it, the state before stays.
  expect(await first.report('quota')).toMatchObject({ ok: false, detail: 'QuotaExceededError' });
  const uuid = (first.result._meta as { viewUUID: string }).viewUUID;
  await expect.poll(() => changes.at(-1)?.state, { timeout: 5000 }).toEqual({ [uuid]: '{"count":1}' });
  expect(changes.at(-1)!.toolName).toBe('notes-app');
  expect(first.view.viewState).toEqual({ [uuid]: '{"count":1}' });

  // Shown again (a reload, a reopened conversation): the same result, the saved state.
  const second = await showStateApp('notes-app', {
    connection: first.connection,
    result: first.result,
    setup: (view) => (view.viewState = changes.at(-1)!.state),
  });
  expect((await second.report('restored')).detail).toBe('{"count":1}');
  expect((await second.report('saved')).detail).toBe(2);
  await expect.poll(() => second.view.viewState, { timeout: 5000 }).toEqual({ [uuid]: '{"count":2}' });
});

test("the server's tools/list_changed and resources/list_changed reach the app, and its tools/list gives the tools apps may call", async () => {
  const shown = await showStateApp('lists-app');
  const first = (await shown.report('tools')).detail as string[];
  expect(first).toEqual(expect.arrayContaining(['lists-app', 'notes-app', 'grow']));
  expect((await shown.report('grow')).ok).toBe(true);
  const grown = (shown.reports.find((r) => r.step === 'grow')!.detail as { content: Array<{ text: string }> }).content[0]!.text;
  await expect
    .poll(() => shown.reports.some((r) => r.step === 'tools-changed' && (r.detail as string[]).includes(grown)), { timeout: 15_000 })
    .toBe(true);
  await expect
    .poll(
      () =>
        shown.reports.some((r) => r.step === 'resources-changed' && (r.detail as string[]).includes(`state://${grown.replace('-', '/')}`)),
      { timeout: 15_000 },
    )
    .toBe(true);
  // The host said it supports them (hostCapabilities in ui/initialize).
  expect(shown.reports.filter((r) => r.step === 'seen:notifications/tools/list_changed').length).toBeGreaterThanOrEqual(1);
});
