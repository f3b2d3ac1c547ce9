import { expect, inject, test } from 'vitest';
import { McpConnection } from '../../src/mcp/index.js';
import '../../src/elements/mcp-app-view/mcp-app-view.js';
import type { AppReport } from './app-view-support.js';
import { cleanup, part } from './app-view-support.js';

// Issue 41 item 8: `_meta.ui.permissions` of a resource is advertised back to the app as
// hostCapabilities.sandbox.permissions and applied as the frames' Permissions Policy (docs/apps.md).
// The app (test/servers/hostile-apps.ts, 'permissions') asks for the microphone only.
test("a resource's _meta.ui.permissions: advertised in hostCapabilities.sandbox, and only that feature allowed to the app", async () => {
  const connection = new McpConnection({ url: inject('hostileUrl') });
  await connection.connect();
  const reports: AppReport[] = [];
  connection.addEventListener('mcp-log-message', (e) => {
    if (e.message.logger === 'app:hostile') reports.push(e.message.data as AppReport);
  });
  const view = document.createElement('mcp-app-view');
  view.sandboxUrl = inject('sandboxUrl');
  view.connection = connection;
  view.tool = 'permissions';
  view.toolInput = {};
  document.body.append(view);
  cleanup(async () => {
    if (view.isConnected && view.state !== 'closed') await view.close();
    view.remove();
    await connection.close();
  });
  await expect.poll(() => reports.find((r) => r.step === 'permissions'), { timeout: 20_000 }).toBeTruthy();
  const origin = new URL(inject('sandboxUrl')).origin;
  expect(part(view, 'frame')!.getAttribute('allow')).toBe(`microphone ${origin}`);
  expect(reports.find((r) => r.step === 'permissions')!.detail).toEqual({
    sandbox: { permissions: { microphone: {} } },
    microphone: true,
    camera: false,
  });
});
