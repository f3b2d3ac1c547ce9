import { randomUUID } from 'node:crypto';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { MCP_APP_MIME_TYPE } from '../../src/mcp/apps.js';
import { serveMcpHandler } from './modern-server.js';
import type { RunningServer } from './running-server.js';

/**
 * Small MCP Apps on the raw wire (no SDK in the app): the handshake, then the
 * app's own script. Every outcome goes to the host as a log notification
 * (logger `state-app`, `data: { step, ok, detail }`), which the tests read on
 * the connection. `on[method]` handles host notifications; every one is also
 * reported as step `seen:<method>` (with its params), in the order received
 * (not by an app that sets `self.quiet`).
 */
const PRELUDE = `
const send = (m) => parent.postMessage(m, '*');
let nextId = 1;
const pending = new Map();
const on = {};
const request = (method, params) => { const id = nextId++; send({ jsonrpc: '2.0', id, method, params }); return new Promise((resolve, reject) => pending.set(id, { resolve, reject })); };
const notify = (method, params) => send({ jsonrpc: '2.0', method, params });
const report = (step, ok, detail) => notify('notifications/message', { level: 'info', logger: 'state-app', data: { step, ok, detail: detail ?? null } });
addEventListener('message', (event) => {
  if (event.source !== parent) return;
  const m = event.data;
  if (!m || m.jsonrpc !== '2.0') return;
  if (m.method === undefined && pending.has(m.id)) { const p = pending.get(m.id); pending.delete(m.id); m.error ? p.reject(new Error(m.error.message)) : p.resolve(m.result); return; }
  if (m.method === 'ui/resource-teardown' || m.method === 'ping') return send({ jsonrpc: '2.0', id: m.id, result: {} });
  if (m.id === undefined && m.method) { if (!self.quiet) report('seen:' + m.method, true, m.params ?? null); on[m.method]?.(m.params ?? {}); }
});
const start = (capabilities, run) => request('ui/initialize', { protocolVersion: '2026-01-26', appInfo: { name: 'state-app', version: '1.0.0' }, appCapabilities: capabilities })
  .then((r) => { notify('ui/notifications/initialized', {}); report('initialized', true, r.hostContext); return run(r); });
`;

/** The apps of this server, by tool name: each one's script after the prelude. */
const APPS = {
  // The spec's "persisting view state" pattern (ext-apps docs/patterns.md):
  // the result's _meta.viewUUID keys the app's state in localStorage; the app
  // counts how often it was shown.
  'notes-app': `start({}, () => {
    on['ui/notifications/tool-result'] = (result) => {
      const key = result._meta && result._meta.viewUUID;
      let saved;
      try { saved = localStorage.getItem(key); } catch (e) { return report('restored', false, e.name); }
      report('restored', true, saved);
      const count = saved ? JSON.parse(saved).count + 1 : 1;
      localStorage.setItem(key, JSON.stringify({ count }));
      report('saved', true, count);
      try { localStorage.setItem('too-big', 'x'.repeat(200 * 1024)); report('quota', true, 'stored'); } catch (e) { report('quota', false, e.name); }
    };
  });`,
  // Lists its server's tools, runs the app-only "grow" (which adds a tool and a
  // resource), and lists again when the host says the lists changed.
  'lists-app': `start({}, async () => {
    on['notifications/tools/list_changed'] = () => request('tools/list', {}).then((r) => report('tools-changed', true, r.tools.map((t) => t.name)));
    on['notifications/resources/list_changed'] = () => request('resources/list', {}).then((r) => report('resources-changed', true, r.resources.map((x) => x.uri)));
    const first = await request('tools/list', {});
    report('tools', true, first.tools.map((t) => t.name));
    await request('tools/call', { name: 'grow', arguments: {} }).then((r) => report('grow', true, r), (e) => report('grow', false, e.message));
  });`,
  // Says every host notification (the prelude reports them); declares all three display modes.
  // With the input text "ask-pip" it asks for the floating window itself.
  'recorder-app': `start({ availableDisplayModes: ['inline', 'fullscreen', 'pip'] }, () => {
    document.body.innerHTML = '<p id="t" style="font: 15px system-ui; margin: 16px; color: var(--color-text-primary, #222)">Recorder app</p>';
    on['ui/notifications/tool-input-partial'] = (p) => { document.getElementById('t').textContent = 'Writing: ' + (p.arguments && p.arguments.text || ''); };
    on['ui/notifications/tool-input'] = (p) => {
      document.getElementById('t').textContent = 'Input: ' + (p.arguments && p.arguments.text || '');
      if (p.arguments && p.arguments.text === 'ask-pip') request('ui/request-display-mode', { mode: 'pip' }).then((r) => report('mode', true, r.mode));
    };
  });`,
  // Says only the length of the streamed text it is given (partial and complete): a model's arguments may be megabytes.
  'length-app': `self.quiet = true;
  start({}, () => {
    on['ui/notifications/tool-input-partial'] = (p) => report('partial-length', true, String(p.arguments && p.arguments.text || '').length);
    on['ui/notifications/tool-input'] = (p) => report('input-length', true, String(p.arguments && p.arguments.text || '').length);
  });`,
} as const;

/** One of the apps of {@link startAppStateServer}. */
export type StateApp = keyof typeof APPS;

const html = (app: StateApp) =>
  `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body><script>${PRELUDE}\n${APPS[app]}</script></body></html>`;

/**
 * A 2026-07-28 official-SDK server (stateless, `subscriptions/listen` for
 * list changes) with the apps above: `notes-app` (keeps state), `lists-app`
 * (lists change), `recorder-app` (reports what the host sends; its `text`
 * argument is what a model streams), and the app-only tool `grow`, which adds
 * a tool `grown-N` and a resource `state://grown/N` and tells listening clients.
 */
export async function startAppStateServer(): Promise<RunningServer> {
  let grown = 0;
  const handler = createMcpHandler(
    () => {
      const server = new McpServer(
        { name: 'app-state', version: '1.0.0' },
        { capabilities: { tools: { listChanged: true }, resources: { listChanged: true } } },
      );
      for (const app of Object.keys(APPS) as StateApp[]) {
        const uri = `ui://state/${app}.html`;
        server.registerTool(
          app,
          {
            title: app,
            description: `The ${app} view.`,
            inputSchema: z.object({ text: z.string().optional() }),
            annotations: { readOnlyHint: true },
            _meta: { ui: { resourceUri: uri } },
          },
          async () => ({ content: [{ type: 'text', text: `The ${app} is shown.` }], _meta: { viewUUID: randomUUID() } }),
        );
        server.registerResource(app, uri, { mimeType: MCP_APP_MIME_TYPE }, async () => ({
          contents: [{ uri, mimeType: MCP_APP_MIME_TYPE, text: html(app) }],
        }));
      }
      server.registerTool(
        'grow',
        {
          description: 'Adds a tool and a resource (only apps may call it).',
          annotations: { readOnlyHint: false, destructiveHint: false },
          _meta: { ui: { visibility: ['app'] } },
        },
        async () => {
          grown += 1;
          handler.notify.toolsChanged();
          handler.notify.resourcesChanged();
          return { content: [{ type: 'text', text: `grown-${grown}` }] };
        },
      );
      for (let i = 1; i <= grown; i++) {
        server.registerTool(`grown-${i}`, { description: `Added by grow (${i}).` }, async () => ({
          content: [{ type: 'text', text: `grown ${i}` }],
        }));
        server.registerResource(`grown-${i}`, `state://grown/${i}`, { mimeType: 'text/plain' }, async (u) => ({
          contents: [{ uri: u.href, text: `grown ${i}` }],
        }));
      }
      return server;
    },
    { legacy: 'reject' },
  );
  const cors = {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
    'access-control-allow-headers': 'content-type, accept, authorization, mcp-protocol-version, mcp-method, mcp-name, last-event-id',
    'access-control-expose-headers': 'mcp-protocol-version, www-authenticate',
  };
  return serveMcpHandler(handler, { cors });
}
