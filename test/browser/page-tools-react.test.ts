import { afterEach, expect, test } from 'vitest';
import * as React from 'react';
import { createRoot as untypedCreateRoot } from 'react-dom/client';
import { act } from 'react';
import { usePageTool } from '../../src/react/use-page-tool.js';
import { PageToolRegistry } from '../../src/page-tools/page-tool-registry.js';
import type { ModelContextLike, ModelContextToolInfo } from '../../src/page-tools/types.js';

interface Root {
  render(node: React.ReactNode): void;
  unmount(): void;
}
const createRoot = untypedCreateRoot as (host: Element) => Root;

// React's act() needs this flag outside a test renderer.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const modelContext = (document as unknown as { modelContext: ModelContextLike & { getTools(): Promise<ModelContextToolInfo[]> } })
  .modelContext;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
});

function Counter({ target }: { target?: React.RefObject<unknown> }) {
  const [count, setCount] = React.useState(0);
  usePageTool(
    {
      name: 'read_counter',
      title: 'Read counter',
      description: 'The number the counter shows.',
      annotations: { readOnlyHint: true },
      execute: () => ({ count }),
    },
    target,
  );
  return React.createElement('button', { onClick: () => setCount((n) => n + 1) }, `Count ${count}`);
}

test('usePageTool registers on document.modelContext while mounted; execute sees the latest state; unmount withdraws it', async () => {
  const host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
  act(() => root!.render(React.createElement(React.StrictMode, null, React.createElement(Counter))));
  await expect.poll(async () => (await modelContext.getTools()).map((t) => t.name)).toContain('read_counter');
  act(() => host.querySelector('button')!.click());
  act(() => host.querySelector('button')!.click());
  const info = (await modelContext.getTools()).find((t) => t.name === 'read_counter')!;
  expect(JSON.parse(String(await modelContext.executeTool!(info, {})))).toEqual({ count: 2 });
  act(() => root!.unmount());
  root = undefined;
  await expect.poll(async () => (await modelContext.getTools()).map((t) => t.name)).not.toContain('read_counter');
});

test('usePageTool registers on a ref to an object with registerTool (the chat) instead', async () => {
  const registry = new PageToolRegistry({ pageName: 'App' });
  const ref = { current: registry } as React.RefObject<unknown>;
  const host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
  act(() => root!.render(React.createElement(Counter, { target: ref })));
  expect(registry.listTools().map((t) => t.name)).toEqual(['read_counter']);
  expect((await modelContext.getTools()).map((t) => t.name)).not.toContain('read_counter');
  act(() => host.querySelector('button')!.click());
  expect((await registry.callTool('read_counter', {})).structuredContent).toEqual({ count: 1 });
  act(() => root!.unmount());
  root = undefined;
  expect(registry.listTools()).toEqual([]);
});
