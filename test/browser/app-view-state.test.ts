import { expect, inject, test } from 'vitest';
import type { McpAppView } from '../../src/elements/mcp-app-view/mcp-app-view.js';
import type { McpAppStateChangeEvent } from '../../src/events/app-state-change.js';
import { McpConnection } from '../../src/mcp/index.js';
import { cleanup, type AppReport } from './app-view-support.js';

// <mcp-app-view> and the apps of test/servers/app-state-server.ts on the real
// sandbox origin: an app's kept state (its localStorage) and the server's list changes.

interface StateView {
  view: McpAppView;
  reports: AppReport[];
  report(step: string): Promise<AppReport>;
}

/** Shows `app` of the app-state server with `result` (or the tool's own), closed after the test. */
async function showStateApp(app: string, options: { setup?: (view: McpAppView) => void; connection?: McpConnection; result?: Awaited<ReturnType<McpConnection['callTool']>> } = {}) {
  const connection = options.connection ?? new McpConnection({ url: inject('appStateUrl') });
  if (!options.connection) {
    await connection.connect();
    cleanup(() => connection.close());
  }
  const reports: AppReport[] = [];
  connection.addEventListener('mcp-log-message', (event) => {
    if (event.message.logger === 'app:state-app') reports.push(event.message.data as AppReport);
  });
  const view = document.createElement('mcp-app-view');
  view.sandboxUrl = inject('sandboxUrl');
  view.connection = connection;
  view.tool = app;
  view.toolUseId = `call-${app}-${Math.random()}`;
  view.toolInput = {};
  options.setup?.(view);
  document.body.append(view);
  cleanup(async () => {
    if (view.isConnected && view.state !== 'closed') await view.close();
    view.remove();
  });
  const result = options.result ?? (await connection.callTool(app, {}));
  view.toolResult = result;
  const report = async (step: string) => {
    await expect.poll(() => reports.find((r) => r.step === step), { timeout: 15_000 }).toBeTruthy();
    return reports.find((r) => r.step === step)!;
  };
  return { view, reports, report, connection, result } satisfies StateView & Record<string, unknown>;
}

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
  const second = await showStateApp('notes-app', { connection: first.connection, result: first.result, setup: (view) => (view.viewState = changes.at(-1)!.state) });
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
  await expect.poll(() => shown.reports.some((r) => r.step === 'tools-changed' && (r.detail as string[]).includes(grown)), { timeout: 15_000 }).toBe(true);
  await expect
    .poll(() => shown.reports.some((r) => r.step === 'resources-changed' && (r.detail as string[]).includes(`state://${grown.replace('-', '/')}`)), { timeout: 15_000 })
    .toBe(true);
  // The host said it supports them (hostCapabilities in ui/initialize).
  expect(shown.reports.filter((r) => r.step === 'seen:notifications/tools/list_changed').length).toBeGreaterThanOrEqual(1);
});
