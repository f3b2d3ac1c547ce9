/**
 * The demo app's HTML (`ui://demo/app.html`): a view written against the raw
 * MCP Apps wire protocol (no SDK), so every host method shows on the wire.
 * Buttons exercise each host method; a `steps` list in the tool's arguments
 * runs the same actions unattended once the result arrives (the tests use it),
 * one after another; 'call-tool-meanwhile' starts a tool call and goes on while
 * it waits, 'until-inline' waits for the host to say inline, 'until-answered'
 * for that tool call's answer.
 * Every outcome is reported to the host as a `notifications/message` with
 * logger `demo-app` and `data: { step, ok, detail }`.
 * The app also offers tools of its own (`appCapabilities.tools`, as ext-apps'
 * `App.registerTool` does): `read_count` (read-only) and `set_note` (not), and
 * `show_theme` once the 'add-tool' step (or its button) adds it and sends
 * `notifications/tools/list_changed`, and `count_slowly` (read-only), which
 * answers after `seconds` (default 60). Each host call is reported as
 * `app-tool:<name>`; a host's `notifications/cancelled` for a slow count as
 * `app-tool-cancelled`.
 */
export const DEMO_APP_HTML = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Demo app</title>
<style>
  :root { color-scheme: light dark; font-family: var(--font-sans, system-ui, sans-serif); }
  body { margin: 0; padding: 12px; background: var(--color-background-primary, Canvas); color: var(--color-text-primary, CanvasText); }
  h1 { font-size: 16px; margin: 0 0 8px; }
  .count { font-size: 28px; font-weight: 600; margin: 4px 0 8px; }
  .row { display: flex; flex-wrap: wrap; gap: 6px; }
  button { font: inherit; padding: 4px 10px; border-radius: var(--border-radius-md, 6px); border: 1px solid var(--color-border-primary, #999);
    background: var(--color-background-secondary, ButtonFace); color: inherit; cursor: pointer; }
  #log { font: 12px/1.4 var(--font-mono, monospace); white-space: pre-wrap; max-height: 8em; overflow: auto; margin-top: 8px; color: var(--color-text-secondary, GrayText); }
  #extra { height: 0; }
</style>
</head>
<body>
<h1>Demo app · <span id="theme">?</span> · <span id="mode">inline</span></h1>
<div class="count" id="count" aria-live="polite">…</div>
<div class="row">
  <button id="b-call-tool">+1 (server tool)</button>
  <button id="b-message">Send message</button>
  <button id="b-context">Update model context</button>
  <button id="b-open-link">Open link</button>
  <button id="b-download">Download</button>
  <button id="b-fullscreen">Full screen</button>
  <button id="b-inline">Inline</button>
  <button id="b-resize">Grow</button>
  <button id="b-sample">Ask the model</button>
  <button id="b-add-tool">Offer one more tool</button>
</div>
<p id="note" aria-live="polite"></p>
<div id="extra"></div>
<div id="log" role="log"></div>
<script>
(() => {
  const pending = new Map();
  let nextId = 1;
  let input = null;
  let ranSteps = false;
  // What the host said it handles (ui/initialize): like a real app, the demo asks only for what is advertised.
  let hostCaps = {};
  // The display mode the host last said (ui/initialize, host-context-changed), and steps waiting for inline.
  let mode = null;
  let whenInline = [];
  // A tool call started by 'call-tool-meanwhile' (the steps go on while it waits for the person).
  let meanwhile = Promise.resolve();
  const advertised = (step, ok, run) => (ok ? run() : report(step, false, 'not advertised by the host'));
  const $ = (id) => document.getElementById(id);
  const send = (message) => parent.postMessage(message, '*');
  const request = (method, params) => {
    const id = nextId++;
    send({ jsonrpc: '2.0', id, method, params });
    return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
  };
  const notify = (method, params) => send({ jsonrpc: '2.0', method, params });
  const report = (step, ok, detail) => {
    $('log').textContent += step + (ok ? ' ✓ ' : ' ✗ ') + JSON.stringify(detail ?? null).slice(0, 200) + '\\n';
    notify('notifications/message', { level: ok ? 'info' : 'warning', logger: 'demo-app', data: { step, ok, detail: detail ?? null } });
  };
  const sizeChanged = () => notify('ui/notifications/size-changed', { width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight });
  new ResizeObserver(sizeChanged).observe(document.documentElement);

  const text = (result) => (result?.content ?? []).filter((b) => b.type === 'text').map((b) => b.text).join(' ');
  const tryRequest = async (step, method, params, pick = (r) => r) => {
    try { report(step, true, pick(await request(method, params))); } catch (error) { report(step, false, error?.message ?? String(error)); }
  };
  const probe = async () => {
    const attempt = (name, fn) => { try { const value = fn(); report('probe:' + name, true, String(value).slice(0, 80)); } catch (e) { report('probe:' + name, false, e?.name ?? String(e)); } };
    attempt('top-dom', () => top.document.title);
    attempt('parent-dom', () => parent.document.title);
    attempt('cookie', () => document.cookie);
    attempt('local-storage', () => localStorage.length);
    attempt('session-storage', () => sessionStorage.length);
    try {
      const open = indexedDB.open('probe');
      await new Promise((resolve) => { open.onsuccess = () => { report('probe:indexeddb', true, 'opened'); resolve(); }; open.onerror = () => { report('probe:indexeddb', false, open.error?.name); resolve(); }; });
    } catch (e) { report('probe:indexeddb', false, e?.name ?? String(e)); }
    attempt('navigate-top', () => { top.location.href = 'https://example.com/'; return 'assigned'; });
    try { const r = await fetch('https://example.com/'); report('probe:fetch', true, r.status); } catch (e) { report('probe:fetch', false, e?.name ?? String(e)); }
    report('probe:done', true, null);
  };
  const spoof = () => {
    // Pretend to be the sandbox proxy: through the proxy, and straight to the host page.
    notify('ui/notifications/sandbox-proxy-ready', {});
    notify('ui/notifications/sandbox-resource-ready', { html: '<p>replaced</p>' });
    try { top.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, '*'); } catch {}
    try { top.postMessage({ jsonrpc: '2.0', id: 9001, method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: 'spoofed' }] } }, '*'); } catch {}
    report('spoof:done', true, null);
  };
  const actions = {
    'call-tool': () => tryRequest('call-tool', 'tools/call', { name: 'app-increment', arguments: {} }, (r) => { $('count').textContent = r.structuredContent?.count ?? text(r); return r.isError ? { isError: true, text: text(r) } : r.structuredContent; }),
    'call-model-only': () => tryRequest('call-model-only', 'tools/call', { name: 'model-only-note', arguments: {} }, (r) => ({ isError: !!r.isError, text: text(r) })),
    'read-resource': () => tryRequest('read-resource', 'resources/read', { uri: 'demo://readme' }, (r) => r.contents?.[0]?.uri),
    'list-resources': () => tryRequest('list-resources', 'resources/list', {}, (r) => r.resources?.length),
    'list-templates': () => tryRequest('list-templates', 'resources/templates/list', {}, (r) => r.resourceTemplates?.length),
    'list-prompts': () => tryRequest('list-prompts', 'prompts/list', {}, (r) => r.prompts?.length),
    message: () => advertised('message', hostCaps.message?.text, () => tryRequest('message', 'ui/message', { role: 'user', content: [{ type: 'text', text: 'Hello from the demo app' }] })),
    // Every block kind the host advertises for ui/message besides text: a 1x1 PNG, an embedded text resource, a link.
    'message-rich': () => advertised('message-rich', hostCaps.message?.image && hostCaps.message?.resource && hostCaps.message?.resourceLink, () => tryRequest('message-rich', 'ui/message', { role: 'user', content: [
      { type: 'text', text: 'A picture from the demo app' },
      { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==' },
      { type: 'resource', resource: { uri: 'demo://note', mimeType: 'text/plain', text: 'The note of the demo app' } },
      { type: 'resource_link', uri: 'demo://readme', name: 'readme', description: 'The demo readme' },
    ] })),
    context: () => advertised('context', hostCaps.updateModelContext?.text && hostCaps.updateModelContext?.structuredContent, () => tryRequest('context', 'ui/update-model-context', { content: [{ type: 'text', text: 'The counter shows ' + $('count').textContent }], structuredContent: { count: $('count').textContent } })),
    // A picture of the view for the model (as the official pdf view sends its page), only when the host takes images in the context.
    'context-image': () => advertised('context-image', hostCaps.updateModelContext?.image, () => tryRequest('context-image', 'ui/update-model-context', { content: [
      { type: 'text', text: 'The counter as a picture' },
      { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==' },
    ] })),
    'open-link': () => tryRequest('open-link', 'ui/open-link', { url: 'https://modelcontextprotocol.io/extensions/apps' }),
    download: () => tryRequest('download', 'ui/download-file', { contents: [{ type: 'resource', resource: { uri: 'file:///../../counter.json', mimeType: 'application/json', text: JSON.stringify({ count: $('count').textContent }) } }] }),
    // Two files at once: a CSV of the count (text, previewable) and a 3-byte blob.
    'download-files': () => tryRequest('download-files', 'ui/download-file', { contents: [
      { type: 'resource', resource: { uri: 'file:///count.csv', mimeType: 'text/csv', text: 'name,count\\ncounter,' + $('count').textContent + '\\n' } },
      { type: 'resource', resource: { uri: 'file:///bytes.bin', mimeType: 'application/octet-stream', blob: 'AP8A' } },
    ] }),
    fullscreen: () => tryRequest('fullscreen', 'ui/request-display-mode', { mode: 'fullscreen' }, (r) => r.mode),
    inline: () => tryRequest('inline', 'ui/request-display-mode', { mode: 'inline' }, (r) => r.mode),
    pip: () => tryRequest('pip', 'ui/request-display-mode', { mode: 'pip' }, (r) => r.mode),
    'call-tool-meanwhile': () => { meanwhile = actions['call-tool'](); },
    'until-inline': () => (mode === 'inline' ? undefined : new Promise((resolve) => whenInline.push(resolve))),
    'until-answered': () => meanwhile,
    resize: () => { $('extra').style.height = ($('extra').offsetHeight + 200) + 'px'; report('resize', true, document.documentElement.scrollHeight); },
    sample: () => advertised('sample', hostCaps.sampling, () => tryRequest('sample', 'sampling/createMessage', { messages: [{ role: 'user', content: { type: 'text', text: 'Say hello to the demo app' } }], maxTokens: 50 }, (r) => r.content)),
    'add-tool': () => { if (!appTools.show_theme) { appTools.show_theme = themeTool; notify('notifications/tools/list_changed', {}); } report('add-tool', true, Object.keys(appTools)); },
    'request-teardown': () => { notify('ui/notifications/request-teardown', {}); report('request-teardown', true, null); },
    probe,
    spoof,
  };
  // The app's own tools (the host lists them with tools/list and runs them with tools/call).
  const textResult = (text, structuredContent) => ({ content: [{ type: 'text', text }], ...(structuredContent && { structuredContent }) });
  const appTools = {
    read_count: {
      tool: { name: 'read_count', title: 'Read the count', description: 'Says the number the counter view shows now.', inputSchema: { type: 'object', properties: {} }, annotations: { readOnlyHint: true } },
      run: () => textResult('The view shows ' + $('count').textContent + '.', { shown: $('count').textContent }),
    },
    set_note: {
      tool: { name: 'set_note', title: 'Set the note', description: 'Writes a note under the counter in the view.', inputSchema: { type: 'object', properties: { text: { type: 'string', description: 'The note' } }, required: ['text'] }, annotations: { readOnlyHint: false } },
      run: (args) => { $('note').textContent = String(args?.text ?? ''); return textResult('The note now says: ' + $('note').textContent); },
    },
  };
  // Answers after \`seconds\` (default 60) unless the host cancels it (notifications/cancelled, reported as app-tool-cancelled).
  const slowCalls = new Map();
  appTools.count_slowly = {
    tool: { name: 'count_slowly', title: 'Count slowly', description: 'Counts one number a second up to the given number, then says so.', inputSchema: { type: 'object', properties: { seconds: { type: 'number', description: 'How far to count' } } }, annotations: { readOnlyHint: true } },
    run: (args, id) => new Promise((resolve) => {
      const seconds = Number(args?.seconds ?? 60);
      slowCalls.set(id, setTimeout(() => { slowCalls.delete(id); resolve(textResult('Counted to ' + seconds + '.')); }, seconds * 1000));
    }),
  };
  const themeTool = {
    tool: { name: 'show_theme', title: 'Show the theme', description: 'Says whether the view is light or dark.', inputSchema: { type: 'object', properties: {} }, annotations: { readOnlyHint: true } },
    run: () => textResult('The view is ' + $('theme').textContent + '.'),
  };
  const hostRequests = {
    'tools/list': () => ({ tools: Object.values(appTools).map((t) => t.tool) }),
    'tools/call': (p, id) => {
      const entry = appTools[p?.name];
      if (!entry) throw new Error('No tool named ' + p?.name);
      const result = entry.run(p.arguments ?? {}, id);
      report('app-tool:' + p.name, true, p.arguments ?? {});
      return result;
    },
  };
  for (const name of Object.keys(actions)) { const b = $('b-' + name); if (b) b.addEventListener('click', () => actions[name]()); }

  const applyContext = (ctx) => {
    if (ctx.theme) { $('theme').textContent = ctx.theme; document.documentElement.style.colorScheme = ctx.theme; }
    for (const [k, v] of Object.entries(ctx.styles?.variables ?? {})) if (v) document.documentElement.style.setProperty(k, v);
    if (ctx.displayMode) {
      $('mode').textContent = mode = ctx.displayMode;
      if (mode === 'inline') { for (const resolve of whenInline) resolve(); whenInline = []; }
    }
  };
  const handlers = {
    'ui/notifications/tool-input-partial': (p) => report('tool-input-partial', true, p.arguments),
    'ui/notifications/tool-input': (p) => { input = p.arguments; report('tool-input', true, p.arguments); },
    'ui/notifications/tool-result': async (p) => {
      $('count').textContent = p.structuredContent?.count ?? text(p);
      report('tool-result', true, p.structuredContent ?? text(p));
      // When the result is on screen (the frame after the next paint), in wall-clock ms: the benchmark reads it.
      requestAnimationFrame(() => setTimeout(() => report('painted', true, Date.now())));
      if (ranSteps) return;
      ranSteps = true;
      for (const step of input?.steps ?? []) if (actions[step]) await actions[step]();
    },
    'ui/notifications/tool-cancelled': (p) => report('tool-cancelled', true, p.reason ?? null),
    'notifications/cancelled': (p) => {
      if (!slowCalls.has(p.requestId)) return;
      clearTimeout(slowCalls.get(p.requestId)); slowCalls.delete(p.requestId);
      report('app-tool-cancelled', true, p.reason ?? null);
    },
    'ui/notifications/host-context-changed': (p) => { applyContext(p); report('host-context-changed', true, p); },
  };
  window.addEventListener('message', (event) => {
    if (event.source !== parent) return;
    const m = event.data;
    if (!m || m.jsonrpc !== '2.0') return;
    if (m.method === undefined && pending.has(m.id)) {
      const p = pending.get(m.id); pending.delete(m.id);
      if (m.error) p.reject(new Error(m.error.message)); else p.resolve(m.result);
      return;
    }
    if (m.method && m.id !== undefined) {
      if (m.method === 'ui/resource-teardown') { report('teardown', true, m.params?.reason ?? null); send({ jsonrpc: '2.0', id: m.id, result: {} }); }
      else if (m.method === 'ping') send({ jsonrpc: '2.0', id: m.id, result: {} });
      else if (hostRequests[m.method]) {
        Promise.resolve().then(() => hostRequests[m.method](m.params, m.id)).then(
          (result) => send({ jsonrpc: '2.0', id: m.id, result }),
          (error) => send({ jsonrpc: '2.0', id: m.id, error: { code: -32602, message: error.message } }),
        );
      }
      else send({ jsonrpc: '2.0', id: m.id, error: { code: -32601, message: 'Method not found' } });
      return;
    }
    handlers[m.method]?.(m.params ?? {});
  });

  request('ui/initialize', { protocolVersion: '2026-01-26', appInfo: { name: 'demo-app', version: '1.0.0' }, appCapabilities: { availableDisplayModes: ['inline', 'fullscreen'], tools: { listChanged: true } } })
    .then((result) => {
      const ctx = result.hostContext ?? {};
      hostCaps = result.hostCapabilities ?? {};
      applyContext(ctx);
      report('initialize', true, {
        host: result.hostInfo?.name, theme: ctx.theme, variables: Object.keys(ctx.styles?.variables ?? {}).length,
        displayMode: ctx.displayMode, availableDisplayModes: ctx.availableDisplayModes, containerDimensions: ctx.containerDimensions,
        locale: ctx.locale, timeZone: ctx.timeZone, platform: ctx.platform, tool: ctx.toolInfo?.tool?.name,
        capabilities: Object.keys(hostCaps).sort(), hostCapabilities: hostCaps, styles: ctx.styles,
      });
      notify('ui/notifications/initialized', {});
      sizeChanged();
    }, (error) => report('initialize', false, error.message));
})();
</script>
</body>
</html>
`;
