import { afterEach, describe, expect, test } from 'vitest';
import { showDemoApp, type DemoView } from './app-view-support.js';

const open: DemoView[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((v) => v.close()));
});

describe.each(['legacy', 'modern'] as const)('the demo app in <mcp-app-view>, era %s', (era) => {
  test('initialize with host context, tool input and result, a tool call back to its server', async () => {
    const shown = await showDemoApp(era, ['call-tool']);
    open.push(shown);
    const init = await shown.report('initialize');
    expect(init.detail).toMatchObject({ host: 'mcp-elements', displayMode: 'inline', platform: 'web', tool: 'counter-app' });
    expect(await shown.report('tool-input')).toMatchObject({ detail: { steps: ['call-tool'] } });
    expect(await shown.report('tool-result')).toMatchObject({ detail: { era, uiDeclared: true } });
    expect(await shown.report('call-tool')).toMatchObject({ ok: true, detail: { era } });
  });
});
