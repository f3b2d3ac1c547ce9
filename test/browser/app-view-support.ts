import { afterEach, expect, inject } from 'vitest';
import '../../src/elements/mcp-app-view/mcp-app-view.js';
import type { McpAppView } from '../../src/elements/mcp-app-view/mcp-app-view.js';
import { McpConnection, type InputRouter } from '../../src/mcp/index.js';

/** One report of the demo app (`notifications/message`, logger `demo-app`). */
export interface AppReport {
  step: string;
  ok: boolean;
  detail: unknown;
}

/** A connection to the demo server, a view of `counter-app` on it, and what the app reported. */
export interface DemoView {
  connection: McpConnection;
  view: McpAppView;
  reports: AppReport[];
  /** Waits for the app's report of `step` and returns it. */
  report(step: string): Promise<AppReport>;
  close(): Promise<void>;
}

/**
 * Shows the demo server's `counter-app` view in `<mcp-app-view>` (sandbox from
 * the apps setup), runs the tool with `steps` (actions the app performs by
 * itself once it has the result), and collects the app's reports.
 */
export async function showDemoApp(
  era: 'legacy' | 'modern',
  steps: string[] = [],
  options: { setup?: (view: McpAppView) => void; router?: InputRouter } = {},
): Promise<DemoView> {
  const connection = new McpConnection({ url: inject('demoUrl'), era }, { router: options.router });
  await connection.connect();
  const reports: AppReport[] = [];
  connection.addEventListener('mcp-log-message', (event) => {
    if (event.message.logger === 'app:demo-app') reports.push(event.message.data as AppReport);
  });
  const view = document.createElement('mcp-app-view');
  view.sandboxUrl = inject('sandboxUrl');
  view.connection = connection;
  view.tool = 'counter-app';
  view.toolUseId = 'call-1';
  view.toolInput = { steps };
  options.setup?.(view);
  document.body.append(view);
  view.toolResult = await connection.callTool('counter-app', { steps });
  const report = async (step: string) => {
    await expect.poll(() => reports.find((r) => r.step === step), { timeout: 15_000 }).toBeTruthy();
    return reports.find((r) => r.step === step)!;
  };
  return {
    connection,
    view,
    reports,
    report,
    async close() {
      if (view.isConnected) await view.close();
      view.remove();
      await connection.close();
    },
  };
}

/** The element's shadow DOM, for parts. */
export const part = (view: McpAppView, name: string) => view.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);

const cleanups: Array<() => unknown> = [];

/** Runs (last first) what the test registered with {@link cleanup}; for `afterEach`. */
export async function runCleanups(): Promise<void> {
  while (cleanups.length) await cleanups.pop()!();
}

/** Registers something to undo after the test. */
export const cleanup = (fn: () => unknown) => void cleanups.push(fn);

/** {@link showDemoApp}, closed after the test. */
export async function show(...args: Parameters<typeof showDemoApp>): Promise<DemoView> {
  const shown = await showDemoApp(...args);
  cleanup(() => shown.close());
  return shown;
}

afterEach(runCleanups);

/** A view of one hostile app (test/servers/hostile-apps.ts) and what it reported. */
export interface HostileView {
  connection: McpConnection;
  view: McpAppView;
  reports: AppReport[];
  /** Waits for the app's report of `step` and returns it. */
  report(step: string, timeout?: number): Promise<AppReport>;
}

/** Where `showApp` gets the app from and what it gives it. */
export interface ShowAppOptions {
  /** The app server's MCP endpoint (a new connection, closed after the test), unless `connection` is given. */
  url?: string;
  /** A connection to use (not closed here). */
  connection?: McpConnection;
  /** The logger name under which the app's reports arrive (`notifications/message`). */
  logger: string;
  /** The tool's input (default `{}`). */
  input?: Record<string, unknown>;
  /** The tool's result to deliver (default: the tool called with `input`). */
  result?: Awaited<ReturnType<McpConnection['callTool']>>;
  /** Runs on the view before it is put on the page. */
  setup?: (view: McpAppView) => void;
}

/** A shown app view, its connection, the tool's result and the app's reports. */
export interface ShownApp extends HostileView {
  result: Awaited<ReturnType<McpConnection['callTool']>>;
}

/**
 * Shows the view of tool `app` in `<mcp-app-view>` on the real sandbox origin,
 * with the tool's result delivered; closed after the test.
 */
export async function showApp(app: string, options: ShowAppOptions): Promise<ShownApp> {
  let connection = options.connection;
  if (!connection) {
    const own = (connection = new McpConnection({ url: options.url! }));
    await own.connect();
    cleanup(() => own.close());
  }
  const reports: AppReport[] = [];
  connection.addEventListener('mcp-log-message', (event) => {
    if (event.message.logger === options.logger) reports.push(event.message.data as AppReport);
  });
  const view = document.createElement('mcp-app-view');
  view.sandboxUrl = inject('sandboxUrl');
  view.connection = connection;
  view.tool = app;
  view.toolUseId = `call-${app}-${Math.random()}`;
  view.toolInput = options.input ?? {};
  options.setup?.(view);
  document.body.append(view);
  cleanup(async () => {
    if (view.isConnected && view.state !== 'closed') await view.close();
    view.remove();
  });
  const result = options.result ?? (await connection.callTool(app, options.input ?? {}));
  view.toolResult = result;
  const report = async (step: string, timeout = 15_000) => {
    await expect.poll(() => reports.find((r) => r.step === step), { timeout }).toBeTruthy();
    return reports.find((r) => r.step === step)!;
  };
  return { connection, view, reports, report, result };
}

/**
 * Shows the hostile app `app` in `<mcp-app-view>` on the real sandbox origin,
 * with the tool's result delivered; closed after the test.
 */
export function showHostile(app: string, options: { setup?: (view: McpAppView) => void } = {}): Promise<HostileView> {
  return showApp(app, { url: inject('hostileUrl'), logger: 'app:hostile', setup: options.setup });
}

/** What reached the attacker's server so far (its request URLs). */
export async function attackerHits(): Promise<string[]> {
  const response = await fetch(`${inject('attackerUrl')}/hits`);
  return ((await response.json()) as { hits: string[] }).hits;
}
