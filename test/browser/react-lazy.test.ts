import { afterEach, expect, test } from 'vitest';
import * as React from 'react';
import { act } from 'react';
import { createRoot as untypedCreateRoot } from 'react-dom/client';
import { McpChat, usePageTool } from '../../src/react/index.js';
import type { McpChat as McpChatElement } from '../../src/elements/mcp-chat/index.js';

// Issue 42: `mcp-web-elements/react` imports no element. <McpChat> renders its tag
// at once and loads the chat's code when it first mounts; what the app gave before the
// code arrived is kept, and a page tool aimed at the chat waits for it.
interface Root {
  render(node: React.ReactNode): void;
  unmount(): void;
}
const createRoot = untypedCreateRoot as (host: Element) => Root;
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
});

function App({ onTool }: { onTool: (event: Event) => void }) {
  const chat = React.useRef<McpChatElement>(null);
  usePageTool(
    {
      name: 'cart_size',
      title: 'Cart size',
      description: 'How many items the cart holds.',
      annotations: { readOnlyHint: true },
      execute: () => ({ items: 3 }),
    },
    chat,
  );
  return React.createElement(McpChat, {
    ref: chat,
    'page-tools': '',
    placeholder: 'Ask about your cart',
    store: null,
    starters: [{ title: 'My cart', prompt: 'What is in my cart?' }],
    onMcpToolCall: onTool,
  } as never);
}

test('<McpChat> loads the chat when it mounts; the props given before are kept; a page tool waits for the chat', async () => {
  // Nothing of the chat is loaded by importing the React entry.
  expect(customElements.get('mcp-chat')).toBeUndefined();
  const host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
  act(() => root!.render(React.createElement(App, { onTool: () => {} })));
  const tag = host.querySelector('mcp-chat') as McpChatElement;
  expect(tag).not.toBeNull();
  await customElements.whenDefined('mcp-chat');
  await tag.updateComplete;
  // Properties set on the tag before it was defined: the element took them.
  expect(tag.store).toBeNull();
  expect(tag.shadowRoot!.querySelector('textarea')!.placeholder).toBe('Ask about your cart');
  expect(tag.starters).toEqual([{ title: 'My cart', prompt: 'What is in my cart?' }]);
  // The page tool went to the chat, once it could take it (not to the page's document.modelContext).
  await expect.poll(() => tag.serverSet.listTools().map((t) => t.name)).toContain('cart_size');
  const pageTools = (document as unknown as { modelContext?: { getTools(): Promise<{ name: string }[]> } }).modelContext;
  expect(pageTools, 'Chromium here runs with WebMCP on').toBeDefined();
  expect((await pageTools!.getTools()).map((t) => t.name)).not.toContain('cart_size');
});
