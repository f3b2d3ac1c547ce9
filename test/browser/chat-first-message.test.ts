import { afterEach, describe, expect, inject, test } from 'vitest';
import type { CreateMessageRequestParams } from '@modelcontextprotocol/client';
import { createMemoryHistory } from '../../src/history/memory-store.js';
import type { McpToolCallEvent } from '../../src/events/tool-call.js';
import type { ModelProvider } from '../../src/providers/types.js';
import '../../src/elements/mcp-chat/mcp-chat.js';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import { fakeProvider, shadow, typeAndSend, turnEnds } from './chat-helpers.js';

afterEach(() => document.body.replaceChildren());

/** The fake OpenAI provider, recording the names of the tools each model request carries. */
function recordingProvider(): { provider: ModelProvider; requests: string[][] } {
  const real = fakeProvider();
  const requests: string[][] = [];
  const provider: ModelProvider = {
    id: real.id,
    label: real.label,
    maxTools: real.maxTools,
    createMessage(params: CreateMessageRequestParams, options) {
      requests.push(((params.tools ?? []) as Array<{ name: string }>).map((t) => t.name));
      return real.createMessage(params, options);
    },
  };
  return { provider, requests };
}

/** A chat on `servers`, put on the page; resolves the moment its composer is there (nothing waits for a server). */
async function mountNow(servers: Array<{ url: string; name: string }>, provider: ModelProvider): Promise<McpChat> {
  const chat = document.createElement('mcp-chat');
  chat.servers = servers;
  chat.store = createMemoryHistory();
  chat.provider = provider;
  chat.storageKey = `t-${Math.random()}`;
  document.body.append(chat);
  await expect.poll(() => shadow(chat)?.querySelector('textarea'), { timeout: 15_000 }).toBeTruthy();
  return chat;
}

describe('<mcp-chat> the first message waits for its servers', () => {
  test('a message sent the moment the composer appears, while the server answers each request after 1.5 s, reaches the model with its tools', async () => {
    const { provider, requests } = recordingProvider();
    const chat = await mountNow([{ url: inject('slowDemoUrl'), name: 'Weather' }], provider);
    expect(chat.serverSet.listTools()).toHaveLength(0);
    const ends = turnEnds(chat);
    const calls: McpToolCallEvent[] = [];
    chat.addEventListener('mcp-tool-call', (e) => calls.push(e));
    await typeAndSend(chat, '[[tool:echo {"message":"hello"}]]');
    // The conversation says what it waits for, calmly, in a live region.
    await expect
      .poll(() => shadow(chat).querySelector('[part="server-wait"]')?.textContent?.trim(), { timeout: 5_000 })
      .toBe('Connecting to Weather…');
    expect(shadow(chat).querySelector('[part="server-wait"]')!.getAttribute('role')).toBe('status');
    await ends.reach(1);
    expect(requests[0]).toContain('echo');
    expect(calls.map((c) => [c.toolUse.name, c.status])).toEqual([['echo', 'done']]);
    expect(ends.events[0]!.reason).toBe('endTurn');
    await chat.updateComplete;
    expect(shadow(chat).querySelector('[part="server-wait"]')).toBeNull();
  }, 60_000);

  test('a server that fails is named and the turn goes on with the servers that came', async () => {
    const { provider, requests } = recordingProvider();
    const chat = await mountNow(
      [
        { url: inject('slowDemoUrl'), name: 'Weather' },
        { url: inject('slowDeadUrl'), name: 'Gone' },
      ],
      provider,
    );
    const ends = turnEnds(chat);
    await typeAndSend(chat, 'hello');
    await ends.reach(1);
    expect(requests[0]).toContain('echo');
    await chat.updateComplete;
    expect(shadow(chat).querySelector('[part="server-wait"]')?.textContent?.trim()).toBe(
      'Gone did not connect; answering without its tools.',
    );
  }, 60_000);
});
