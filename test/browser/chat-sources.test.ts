import axe from 'axe-core';
import { afterEach, describe, expect, inject, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { ResourceLinkBlock, ToolResultBlock } from '../../src/content/index.js';
import { deepAll, mountChat, shadow, typeAndSend, turnEnds } from './chat-helpers.js';

afterEach(() => document.body.replaceChildren());

/** Queues replies on the fake OpenAI server for requests that carry `[[script:KEY]]`. */
async function script(key: string, replies: unknown[]): Promise<void> {
  const root = inject('openaiUrl').replace(/\/openai\/v1$/, '');
  const res = await fetch(`${root}/__script`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key, replies }),
  });
  expect(res.status).toBe(200);
}

/** Asks `question` with the replies queued, waits for the turn's end. */
async function ask(replies: unknown[]) {
  const key = `src-${Math.random().toString(36).slice(2, 8)}`;
  await script(key, replies);
  const chat = await mountChat();
  const ends = turnEnds(chat);
  await typeAndSend(chat, `[[script:${key}]] How does the weather tool answer?`);
  await ends.reach(1);
  expect(ends.events[0]!.reason).toBe('endTurn');
  await chat.updateComplete;
  const links = chat.messages
    .flatMap((m) => m.content)
    .filter((b): b is ToolResultBlock => b.type === 'tool_result')
    .flatMap((r) => r.content)
    .filter((b): b is ResourceLinkBlock => b.type === 'resource_link');
  return { chat, links };
}

describe('<mcp-chat> answers show their sources', () => {
  test("an answer built on the demo docs server's search shows the pages it returned, numbered, and none the model wrote", async () => {
    const { chat, links } = await ask([
      { toolCalls: [{ name: 'search-docs', input: { query: 'weather tool structured' } }] },
      { text: 'The weather tool answers with structured content [1]. See [9] and https://evil.example/phish for more.' },
    ]);
    expect(links.length).toBeGreaterThanOrEqual(2);
    // The sources' code loads once the conversation has a tool result (not with the first load): the chips follow.
    await expect.poll(() => shadow(chat).querySelector('[part~="sources"]'), { message: 'the sources under the answer' }).not.toBeNull();
    const nav = shadow(chat).querySelector<HTMLElement>('[part~="sources"]');
    expect(nav!.getAttribute('aria-label')).toBe('Sources');
    const chips = [...nav!.querySelectorAll<HTMLAnchorElement>('a[part~="source"]')];
    // Exactly the pages the tool returned, in its order: the address the model wrote is not one of them.
    expect(chips.map((a) => a.href)).toEqual(links.map((l) => l.uri));
    expect(chips.map((a) => a.querySelector('[part~="source-title"]')!.textContent)).toEqual(links.map((l) => l.title));
    expect(chips.map((a) => a.querySelector('[part~="source-number"]')!.textContent)).toEqual(links.map((_, i) => String(i + 1)));
    const host = new URL(links[0]!.uri).host;
    expect(chips[0]!.querySelector('[part~="source-where"]')!.textContent).toBe(
      `${host}${new URL(links[0]!.uri).pathname}${new URL(links[0]!.uri).hash}`,
    );
    expect(nav!.textContent).not.toContain('evil.example');
    // A screen reader hears number, title and host; the link opens a new tab without the page's referrer.
    expect(chips[0]!.textContent!.replace(/\s+/g, ' ').trim()).toBe(
      `Source 1 ${links[0]!.title} ${host}${new URL(links[0]!.uri).pathname}${new URL(links[0]!.uri).hash} (opens in a new tab)`,
    );
    expect(chips[0]!.target).toBe('_blank');
    expect(chips[0]!.rel).toBe('noopener noreferrer');
    // The chips sit under the answer (after its text), and the keyboard reaches them.
    const answers = deepAll(shadow(chat), 'mcp-message').filter(
      (m) => (m as unknown as { message: { role: string } }).message.role === 'assistant',
    );
    expect(answers.at(-1)!.compareDocumentPosition(nav!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    chips[0]!.focus();
    await userEvent.keyboard('{Tab}');
    expect(shadow(chat).activeElement).toBe(chips[1]);
    // The number with no source stays plain text in the answer.
    const text = deepAll(shadow(chat), 'mcp-markdown')
      .map((m) => m.shadowRoot!.textContent)
      .join(' ');
    expect(text).toContain('See [9] and');
    expect((await axe.run(nav!, { resultTypes: ['violations'] })).violations).toEqual([]);
  });

  test('the model reads the pages numbered, so it can cite them; an answer without page results has no sources', async () => {
    // One scripted call; the fake model then answers with the text it was given ("Tool results: …").
    const { chat, links } = await ask([{ toolCalls: [{ name: 'search-docs', input: { query: 'weather' } }] }]);
    const text = deepAll(shadow(chat), 'mcp-markdown')
      .map((m) => m.shadowRoot!.textContent)
      .join(' ');
    expect(text).toContain(`[1] ${links[0]!.title}`);
    await expect.poll(() => shadow(chat).querySelectorAll('[part~="sources"]').length).toBe(1);

    const { chat: plain } = await ask([{ toolCalls: [{ name: 'echo', input: { message: 'https://example.com/not-a-source' } }] }]);
    expect(shadow(plain).querySelector('[part~="sources"]')).toBeNull();
  });
});
