import axe from 'axe-core';
import { describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { registerSamplingApproval } from '../../src/elements/mcp-sampling-approval/register-sampling-approval.js';
import type { McpAppContextUpdateEvent } from '../../src/events/app-context-update.js';
import type { McpAppMessageEvent } from '../../src/events/app-message.js';
import { STYLE_VARIABLES } from '../../src/elements/mcp-app-view/host-context.js';
import { InputRouter } from '../../src/mcp/index.js';
import { cleanup, part, show, type DemoView } from './app-view-support.js';

// Every host method against the demo server's app, in both eras. The app
// (demo/server/app-view-html.ts) runs the listed steps by itself once it has
// the tool result and reports each outcome to the host as a log message.

const frameHeight = (v: DemoView) => part(v.view, 'frame')!.getBoundingClientRect().height;

describe.each(['legacy', 'modern'] as const)('the demo app in <mcp-app-view>, era %s', (era) => {
  test('ui/initialize with the host context, tool input then result, tools/call back to its own server', async () => {
    const shown = await show(era, ['call-tool']);
    const init = await shown.report('initialize');
    expect(init.detail).toMatchObject({
      host: 'mcp-elements',
      displayMode: 'inline',
      availableDisplayModes: ['inline', 'fullscreen', 'pip'],
      platform: 'web',
      locale: navigator.language,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      tool: 'counter-app',
      containerDimensions: { maxHeight: 600, width: expect.any(Number) },
    });
    expect((init.detail as { variables: number }).variables).toBeGreaterThanOrEqual(15);
    // Exactly what the host handles (issue 41): the demo app sends a message, a model context and a sampling request only when advertised (the tests below use each).
    expect((init.detail as { hostCapabilities: unknown }).hostCapabilities).toEqual({
      openLinks: {},
      downloadFile: {},
      serverTools: { listChanged: true },
      serverResources: { listChanged: true },
      logging: {},
      sandbox: { csp: {} },
      message: { text: {}, image: {}, resource: {}, resourceLink: {} },
      updateModelContext: { text: {}, image: {}, structuredContent: {} },
      sampling: {},
    });
    expect(['light', 'dark']).toContain((init.detail as { theme: string }).theme);
    expect(await shown.report('tool-input')).toMatchObject({ detail: { steps: ['call-tool'] } });
    expect(await shown.report('tool-result')).toMatchObject({ detail: { era, uiDeclared: true } });
    const before = (shown.view.toolResult!.structuredContent as { count: number }).count;
    expect(await shown.report('call-tool')).toMatchObject({ ok: true, detail: { era, count: before + 1 } });
    // Tool input came before the result.
    expect(shown.reports.findIndex((r) => r.step === 'tool-input')).toBeLessThan(shown.reports.findIndex((r) => r.step === 'tool-result'));
  });

  test('proxied reads and lists, model context, display modes (never an undeclared one), size-changed, host-context-changed', async () => {
    const contexts: McpAppContextUpdateEvent[] = [];
    const onContext = (e: McpAppContextUpdateEvent) => contexts.push(e);
    document.addEventListener('mcp-app-context-update', onContext);
    cleanup(() => document.removeEventListener('mcp-app-context-update', onContext));
    const shown = await show(era, ['read-resource', 'list-resources', 'list-templates', 'list-prompts', 'context', 'pip', 'fullscreen']);
    expect(await shown.report('read-resource')).toMatchObject({ ok: true, detail: 'demo://readme' });
    expect((await shown.report('list-resources')).detail).toBeGreaterThan(0);
    expect((await shown.report('list-templates')).detail).toBeGreaterThan(0);
    expect((await shown.report('list-prompts')).detail).toBeGreaterThan(0);
    expect(await shown.report('context')).toMatchObject({ ok: true });
    expect(shown.view.modelContext?.content?.[0]).toMatchObject({ type: 'text', text: expect.stringContaining('The counter shows') });
    expect(contexts.at(-1)?.toolName).toBe('counter-app');
    // pip is not offered by this host: the mode stays inline.
    expect(await shown.report('pip')).toMatchObject({ ok: true, detail: 'inline' });
    expect(await shown.report('fullscreen')).toMatchObject({ ok: true, detail: 'fullscreen' });
    await expect.poll(() => shown.view.displayMode).toBe('fullscreen');
    await expect
      .poll(() =>
        shown.reports.some((r) => r.step === 'host-context-changed' && (r.detail as { displayMode?: string }).displayMode === 'fullscreen'),
      )
      .toBe(true);
    await expect.poll(() => frameHeight(shown)).toBeGreaterThan(innerHeight - 100);
    // The person leaves full screen with the header button.
    await userEvent.click(part(shown.view, 'fullscreen-button')!);
    await expect
      .poll(() =>
        shown.reports.some((r) => r.step === 'host-context-changed' && (r.detail as { displayMode?: string }).displayMode === 'inline'),
      )
      .toBe(true);
    // Theme switch: host-context-changed carries the new theme and style variables.
    shown.view.theme = 'dark';
    await expect
      .poll(() => shown.reports.some((r) => r.step === 'host-context-changed' && (r.detail as { theme?: string }).theme === 'dark'))
      .toBe(true);
  });

  test('size-changed resizes the frame, up to max-height', async () => {
    const shown = await show(era, ['resize'], { setup: (v) => (v.maxHeight = 500) });
    await shown.report('resize');
    await expect.poll(() => frameHeight(shown)).toBe(500);
  });

  test('ui/message reaches the page (and preventDefault refuses it); ui/open-link and ui/download-file wait for the person', async () => {
    const messages: McpAppMessageEvent[] = [];
    const onMessage = (e: McpAppMessageEvent) => messages.push(e);
    document.addEventListener('mcp-app-message', onMessage);
    cleanup(() => document.removeEventListener('mcp-app-message', onMessage));
    // What the view saves: each <a download> it clicks, its name and bytes (the browser's own download is held back).
    const saved: Array<{ name: string; bytes: Promise<Uint8Array> }> = [];
    const onSave = (e: Event) => {
      const a = e.target instanceof HTMLAnchorElement && e.target.download ? e.target : undefined;
      if (!a) return;
      e.preventDefault();
      saved.push({ name: a.download, bytes: fetch(a.href).then(async (r) => new Uint8Array(await r.arrayBuffer())) });
    };
    document.addEventListener('click', onSave, true);
    cleanup(() => document.removeEventListener('click', onSave, true));
    const shown = await show(era, ['message', 'open-link', 'download', 'download-files']);
    // The message waits for the person's yes (issue 26): nothing reaches the page before it.
    await expect.poll(() => part(shown.view, 'consent-message')?.textContent).toBe('Hello from the demo app');
    expect(messages).toHaveLength(0);
    await userEvent.click(part(shown.view, 'consent-accept')!);
    expect(await shown.report('message')).toMatchObject({ ok: true });
    expect(messages[0]?.message.content[0]).toMatchObject({ type: 'text', text: 'Hello from the demo app' });
    // The link: shown with its host in bold; the person cancels; the app hears it was denied.
    await expect.poll(() => part(shown.view, 'consent-host')?.textContent).toBe('modelcontextprotocol.io');
    // The question takes the focus, and the view with its consent is axe clean.
    await expect.poll(() => shown.view.shadowRoot!.activeElement?.getAttribute('part')).toBe('consent-accept');
    expect((await axe.run(shown.view, { resultTypes: ['violations'] })).violations).toEqual([]);
    await userEvent.click(part(shown.view, 'consent-decline')!);
    expect(await shown.report('open-link')).toMatchObject({ ok: false, detail: 'Link opening denied by user' });
    // The download: a file card with a sanitized name (the app sent file:///../../counter.json), its type's word and size; nothing saved before Save.
    await expect.poll(() => part(shown.view, 'consent-file')?.textContent).toContain('counter.json');
    const card = part(shown.view, 'file-card')!;
    expect(card.querySelector('.file-name')!.textContent).toBe('counter.json');
    expect(saved).toHaveLength(0);
    await userEvent.click(part(shown.view, 'consent-accept')!);
    expect(await shown.report('download')).toMatchObject({ ok: true });
    // Saved once, under that name, the bytes intact: the JSON the app sent, as long as the card said.
    expect(saved.map((s) => s.name)).toEqual(['counter.json']);
    const json = new TextDecoder().decode(await saved[0]!.bytes);
    expect(JSON.parse(json)).toEqual({ count: expect.any(String) });
    expect(card.querySelector('.file-meta')!.textContent).toBe(`JSON · ${json.length} bytes`);
    // Two files at once: a card for each, the CSV with a Preview (a table), the blob as a size, never as base64.
    await expect.poll(() => shown.view.shadowRoot!.querySelectorAll('[part~="file-card"]').length).toBe(2);
    const cards = [...shown.view.shadowRoot!.querySelectorAll<HTMLElement>('[part~="file-card"]')];
    expect(part(shown.view, 'consent')!.textContent).toContain('wants to download 2 files');
    expect(cards.map((c) => [c.querySelector('.file-name')!.textContent, c.querySelector('.file-meta')!.textContent])).toEqual([
      ['count.csv', expect.stringMatching(/^CSV · \d+ bytes$/)],
      ['bytes.bin', 'File · 3 bytes'],
    ]);
    expect(cards[1]!.textContent).not.toContain('AP8A');
    expect(cards[1]!.querySelector('[part~="file-preview-button"]')).toBeNull();
    await userEvent.click(cards[0]!.querySelector<HTMLElement>('[part~="file-preview-button"]')!);
    await expect
      .poll(() => [...(part(shown.view, 'file-preview')?.querySelectorAll('th') ?? [])].map((th) => th.textContent))
      .toEqual(['name', 'count']);
    expect([...part(shown.view, 'file-preview')!.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      'counter',
      expect.stringMatching(/^\d+$/),
    ]);
    expect((await axe.run(shown.view, { resultTypes: ['violations'] })).violations).toEqual([]);
    // Cancel: the app hears no, nothing more is saved.
    await userEvent.click(part(shown.view, 'consent-decline')!);
    expect(await shown.report('download-files')).toMatchObject({ ok: true, detail: { isError: true } });
    await expect.poll(() => part(shown.view, 'consent')).toBeNull();
    expect(saved).toHaveLength(1);
  });

  test('a refused ui/message gives the app an error', async () => {
    const refuse = (e: Event) => e.preventDefault();
    document.addEventListener('mcp-app-message', refuse);
    cleanup(() => document.removeEventListener('mcp-app-message', refuse));
    // The host agreed for the person (approveMessage), then the page's listener refuses.
    const shown = await show(era, ['message'], { setup: (v) => (v.approveMessage = async () => true) });
    expect(await shown.report('message')).toMatchObject({ ok: false, detail: 'Message sending denied' });
  });

  test('sampling/createMessage goes to <mcp-sampling-approval>: the person answers', async () => {
    const router = new InputRouter();
    const container = document.createElement('div');
    document.body.append(container);
    const { element, dispose } = registerSamplingApproval(router, container);
    cleanup(() => (dispose(), container.remove()));
    const shown = await show(era, ['sample'], { router });
    await expect.poll(() => element.shadowRoot?.querySelector('[part~="write-button"]')).toBeTruthy();
    expect(element.shadowRoot!.textContent).toContain('counter-app');
    await userEvent.click(element.shadowRoot!.querySelector<HTMLElement>('[part~="write-button"]')!);
    await expect.poll(() => element.shadowRoot!.querySelector('textarea[name="answerText"]')).toBeTruthy();
    await userEvent.fill(element.shadowRoot!.querySelector<HTMLTextAreaElement>('textarea[name="answerText"]')!, 'Hello, app.');
    await userEvent.click(element.shadowRoot!.querySelector<HTMLElement>('[part~="send-button"]')!);
    expect(await shown.report('sample')).toMatchObject({ ok: true, detail: { type: 'text', text: 'Hello, app.' } });
  });

  test('partial input while the arguments stream, then the input, then the result; tool-cancelled on Stop', async () => {
    // As in a chat: the view is up before the model finished streaming the arguments.
    let initialized = false;
    const shown = await show(era, [], {
      setup: (v) => {
        v.toolInput = undefined;
        v.addEventListener('mcp-app-initialize', () => (initialized = true));
      },
    });
    await expect.poll(() => initialized).toBe(true);
    shown.view.sendToolInputPartial({ steps: [] });
    expect(await shown.report('tool-input-partial')).toMatchObject({ detail: { steps: [] } });
    expect(shown.reports.some((r) => r.step === 'tool-result')).toBe(false);
    shown.view.toolInput = { steps: [] };
    await shown.report('tool-result');
    const order = shown.reports.map((r) => r.step).filter((s) => s.startsWith('tool-'));
    expect(order).toEqual(['tool-input-partial', 'tool-input', 'tool-result']);
    shown.view.cancelTool('Stopped by the person');
    expect(await shown.report('tool-cancelled')).toMatchObject({ detail: 'Stopped by the person' });
  });
});

// Issue 41 item 3: every standard style variable the chat has a value for, in
// the theme the view is in, and the page's web fonts as `styles.css.fonts`.
test('host styling: the standard variables the chat has values for (dark), and the @font-face rules of its fonts', async () => {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(
    `@font-face { font-family: "Chat Sans"; src: local("Arial"); } @font-face { font-family: "Unused Face"; src: local("Arial"); }`,
  );
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  cleanup(() => (document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet)));
  const shown = await show('modern', [], {
    setup: (v) => {
      v.theme = 'dark';
      v.style.setProperty('--mcp-font-family', '"Chat Sans", system-ui, sans-serif');
    },
  });
  const init = await shown.report('initialize');
  const styles = (init.detail as { styles: { variables: Record<string, string>; css?: { fonts?: string } } }).styles;
  expect(styles.variables).toMatchObject({
    '--color-background-primary': '#151518',
    '--color-text-primary': '#ececef',
    '--color-text-success': '#4ade80',
    '--color-text-warning': '#facc15',
    '--color-border-danger': '#f87171',
    '--color-ring-info': '#8ab4ff',
    '--color-background-danger': 'color-mix(in srgb, #f87171 8%, #151518)',
    '--font-sans': '"Chat Sans", system-ui, sans-serif',
    '--font-mono': expect.stringContaining('monospace'),
    '--font-weight-semibold': '600',
    '--border-radius-full': '9999px',
    '--border-width-regular': '1px',
  });
  // Every variable the host has a value for arrives (47 of the 76 standard ones).
  expect(Object.keys(styles.variables).sort()).toEqual(Object.keys(STYLE_VARIABLES).sort());
  expect(Object.keys(STYLE_VARIABLES)).toHaveLength(47);
  expect(styles.css?.fonts).toContain('"Chat Sans"');
  expect(styles.css?.fonts).not.toContain('Unused Face');
});

// Issue 41 item 8: the app's ui/notifications/request-teardown closes its view (docs/apps.md).
test('ui/notifications/request-teardown: the app asks to close, the view sends ui/resource-teardown and closes', async () => {
  const shown = await show('modern', ['request-teardown']);
  await shown.report('request-teardown');
  await expect.poll(() => shown.view.state, { timeout: 15_000 }).toBe('closed');
  expect(await shown.report('teardown')).toMatchObject({ ok: true, detail: 'The app asked to close' });
  expect(part(shown.view, 'frame')).toBeNull();
});
