import { afterEach, expect, inject, test } from 'vitest';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import { mountChat, serverReaches } from './chat-helpers.js';

// <mcp-chat roots>: a pass-through to the hub's roots (src/mcp/hub.ts), which
// every connection answers to roots/list.
const mounted: McpChat[] = [];
afterEach(() => {
  for (const chat of mounted.splice(0)) chat.remove();
});

test('the chat shares its roots property with the servers it is connected to (demo get-roots, 2026 era)', async () => {
  const chat = await mountChat({ store: null });
  mounted.push(chat);
  chat.roots = [{ uri: 'file:///home/person/notes', name: 'Notes' }];
  await serverReaches(chat, 'connected');
  const result = await chat.serverSet.connections[0]!.callTool('get-roots', {});
  expect((result.structuredContent as { roots: unknown[] }).roots).toEqual([{ uri: 'file:///home/person/notes', name: 'Notes' }]);
});
