import { afterEach, describe, expect, inject, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { McpTurnEndEvent } from '../../src/events/turn-end.js';
import { deepAll, mountChat, serversShown, shadow, typeAndSend } from './chat-helpers.js';

afterEach(() => document.body.replaceChildren());

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
const ended = (chat: HTMLElement) =>
  new Promise<McpTurnEndEvent>((resolve) => chat.addEventListener('mcp-turn-end', (e) => resolve(e), { once: true }));

describe('<mcp-chat> streaming and stop', () => {
  test('the answer grows on screen while it streams', async () => {
    const chat = await mountChat();
    const done = ended(chat);
    await typeAndSend(chat, `[[slow:15]] [[say:${words(60)}]]`);
    const visibleText = () => {
      const el = shadow(chat).querySelector('mcp-message.streaming');
      return el
        ? deepAll(el.shadowRoot!, 'mcp-markdown')
            .map((m) => m.shadowRoot!.textContent)
            .join('')
        : '';
    };
    await expect.poll(visibleText, { timeout: 10_000 }).toContain('w3');
    const seenMidway = visibleText();
    expect(seenMidway).not.toContain('w59');
    await done;
    await chat.updateComplete;
    expect(shadow(chat).querySelector('mcp-message.streaming')).toBeNull();
    const last = chat.messages.at(-1)!;
    expect(last.content[0]).toEqual({ type: 'text', text: words(60) });
  });

  test('Escape stops the answer mid-stream and keeps what was shown', async () => {
    const chat = await mountChat();
    const done = ended(chat);
    await typeAndSend(chat, `[[slow:30]] [[say:${words(200)}]]`);
    await expect.poll(() => shadow(chat).querySelector('[part="stop-button"]'), { timeout: 10_000 }).not.toBeNull();
    await expect
      .poll(
        () =>
          (shadow(chat).querySelector('mcp-message.streaming') as { message?: { content: unknown[] } } | null)?.message?.content.length ??
          0,
      )
      .toBeGreaterThan(0);
    const input = shadow(chat).querySelector('textarea')!;
    input.focus();
    await userEvent.keyboard('{Escape}');
    const end = await done;
    expect(end.reason).toBe('stopped');
    // What had streamed when Escape was pressed is kept: a non-empty beginning of the answer.
    const kept = chat.messages.at(-1)!.content[0]!;
    const full = words(200);
    const text = kept.type === 'text' ? kept.text : '';
    expect(text.length).toBeGreaterThan(0);
    expect(full.startsWith(text.trimEnd())).toBe(true);
    expect(text.length).toBeLessThan(full.length);
    await chat.updateComplete;
    expect(shadow(chat).querySelector('[part="send-button"]')).not.toBeNull();
  });
});

describe('<mcp-chat> tools', () => {
  test('a destructive tool asks first; Approve runs it', async () => {
    const chat = await mountChat();
    const done = ended(chat);
    await typeAndSend(chat, '[[tool:delete-note {"id":"3"}]]');
    const card = await expect
      .poll(() => deepAll(shadow(chat), 'mcp-tool-card')[0], { timeout: 10_000 })
      .toBeTruthy()
      .then(() => deepAll(shadow(chat), 'mcp-tool-card')[0]!);
    await expect.poll(() => card.shadowRoot!.querySelector('[part="status"]')?.textContent).toBe('Needs your approval');
    await userEvent.click(card.shadowRoot!.querySelector('[part="approve-button"]')!);
    await done;
    const result = chat.messages.find((m) => m.content[0]?.type === 'tool_result')!.content[0] as { content: Array<{ text: string }> };
    expect(result.content[0]!.text).toMatch(/^(Deleted note 3|Note 3 was already gone)/);
  });

  test('an elicitation inside a tool call shows under that call; Decline answers it', async () => {
    const chat = await mountChat();
    const done = ended(chat);
    await typeAndSend(chat, '[[tool:register-form]]');
    await expect.poll(() => deepAll(shadow(chat), 'mcp-elicit-form').length, { timeout: 10_000 }).toBe(1);
    const form = deepAll(shadow(chat), 'mcp-elicit-form')[0]!;
    const use = chat.messages.flatMap((m) => m.content).find((b) => b.type === 'tool_use') as { id: string };
    expect(form.slot).toBe(`tool-${use.id}`);
    expect(form.assignedSlot).not.toBeNull();
    const decline = await expect
      .poll(() => form.shadowRoot!.querySelector('[part~="decline-button"]'))
      .not.toBeNull()
      .then(() => form.shadowRoot!.querySelector<HTMLButtonElement>('[part~="decline-button"]')!);
    await userEvent.click(decline);
    await done;
    const result = chat.messages.flatMap((m) => m.content).find((b) => b.type === 'tool_result') as { content: Array<{ text: string }> };
    expect(result.content[0]!.text).toBe('The form was declined.');
    expect(deepAll(shadow(chat), 'mcp-elicit-form')).toHaveLength(0);
    // The exchange is in the activity log of that tool call: what the server asked, what the person answered.
    const activity = await expect
      .poll(async () => (await chat.chatStore!.listActivity({ toolUseId: use.id })).filter((a) => a.kind === 'elicitation'))
      .toHaveLength(1)
      .then(async () => (await chat.chatStore!.listActivity({ toolUseId: use.id })).find((a) => a.kind === 'elicitation')!);
    expect(activity.request).toMatchObject({ method: 'elicitation/create', params: { message: expect.stringContaining('Register') } });
    expect(activity.response).toEqual({ result: { action: 'decline' } });
    expect(activity.conversationId).toBe(chat.session.conversation!.id);
  });

  test('without a model, "/" opens the palette and runs a tool from a generated form', async () => {
    const chat = await mountChat({ provider: false });
    // No model set up, and none built in: the open model is on offer (it says "No model" only until the
    // check for a built-in model has ended, which may be after the server connects).
    await expect.poll(() => shadow(chat).querySelector('[part="notice"]')?.textContent).toContain('An open model can answer you here');
    const input = shadow(chat).querySelector('textarea')!;
    await userEvent.click(input);
    await userEvent.keyboard('/ech');
    await chat.updateComplete;
    const items = [...shadow(chat).querySelectorAll('[part="palette-item"]')];
    expect(items.map((i) => i.textContent)).toEqual([expect.stringContaining('Echo')]);
    await userEvent.keyboard('{Enter}');
    // The form is a chunk of its own, loaded at the first "/": it shows (and takes the focus) once loaded.
    await expect.poll(() => shadow(chat).activeElement?.matches('.run-form input[name="message"]'), { timeout: 10_000 }).toBe(true);
    const field = shadow(chat).querySelector<HTMLInputElement>('.run-form input[name="message"]')!;
    expect(field.required).toBe(true);
    expect(shadow(chat).activeElement).toBe(field);
    await userEvent.keyboard('from the palette{Enter}');
    await expect.poll(() => chat.messages.length, { timeout: 10_000 }).toBe(2);
    const result = chat.messages[1]!.content[0] as { type: string; content: unknown[] };
    expect(result.type).toBe('tool_result');
    expect(result.content).toEqual([{ type: 'text', text: 'from the palette' }]);
    await chat.updateComplete;
    const card = deepAll(shadow(chat), 'mcp-tool-card')[0]!;
    expect(card.shadowRoot!.querySelector('[part="status"]')!.textContent).toBe('Done');
  });
});

describe('<mcp-chat> sampling and resources', () => {
  test('a sampling request from a tool shows under the call; approved, the model answers the server', async () => {
    const chat = await mountChat();
    const done = ended(chat);
    await typeAndSend(chat, '[[tool:ask-model {"question":"Say it [[say:forty-two]]"}]]');
    await expect.poll(() => deepAll(shadow(chat), 'mcp-sampling-approval').length, { timeout: 10_000 }).toBe(1);
    const approval = deepAll(shadow(chat), 'mcp-sampling-approval')[0]!;
    const use = chat.messages.flatMap((m) => m.content).find((b) => b.type === 'tool_use') as { id: string };
    expect(approval.slot).toBe(`tool-${use.id}`);
    const button = (part: string) => approval.shadowRoot!.querySelector<HTMLButtonElement>(`[part~="${part}"]`);
    await expect.poll(() => button('approve-button')).not.toBeNull();
    await userEvent.click(button('approve-button')!);
    await expect.poll(() => button('send-button'), { timeout: 10_000 }).not.toBeNull();
    await userEvent.click(button('send-button')!);
    await done;
    const result = chat.messages.flatMap((m) => m.content).find((b) => b.type === 'tool_result') as { content: Array<{ text: string }> };
    expect(result.content[0]!.text).toBe('forty-two');
    expect(deepAll(shadow(chat), 'mcp-sampling-approval')).toHaveLength(0);
  });

  test('a resource link opens a preview read from the server; a resource attaches to the next message', async () => {
    const chat = await mountChat({ provider: false });
    await chat.runTool('rich-content');
    await chat.updateComplete;
    const card = deepAll(shadow(chat), 'mcp-tool-card')[0]!;
    // Run by the person: the card stays open with its result.
    const link = deepAll<HTMLButtonElement>(card.shadowRoot!, '[part="resource-link"]')[0]!;
    await userEvent.click(link);
    const dialog = shadow(chat).querySelector<HTMLDialogElement>('dialog.preview')!;
    await expect.poll(() => dialog.open).toBe(true);
    expect(dialog.textContent).toContain('demo://readme');
    const previewText = deepAll(dialog, 'mcp-markdown, pre')
      .map((e) => e.shadowRoot?.textContent ?? e.textContent)
      .join('');
    expect(previewText.length).toBeGreaterThan(20);
    dialog.close();

    chat.panel = 'resources';
    await chat.updateComplete;
    const attach = [...shadow(chat).querySelectorAll('[part="panel"] button')].find((b) => b.textContent === 'Attach')!;
    await userEvent.click(attach);
    await expect.poll(() => chat.attachments.length).toBe(1);
    expect(chat.attachments[0]!.type).toBe('resource');
  });
});

describe('<mcp-chat> prompts and servers', () => {
  test('a prompt from the palette: argument form with server completions, then its messages go to the model', async () => {
    const chat = await mountChat();
    const input = shadow(chat).querySelector('textarea')!;
    await userEvent.click(input);
    await userEvent.keyboard('/summ');
    await chat.updateComplete;
    expect(input.getAttribute('aria-activedescendant')).toBe('palette-0');
    await userEvent.keyboard('{Enter}');
    await chat.updateComplete;
    await userEvent.keyboard('MCP');
    const style = shadow(chat).querySelector<HTMLInputElement>('.run-form input[name="style"]')!;
    await userEvent.click(style);
    await userEvent.keyboard('b');
    await expect
      .poll(() => [...shadow(chat).querySelectorAll(`#${style.getAttribute('list')} option`)].map((o) => (o as HTMLOptionElement).value))
      .toEqual(['brief', 'bullet-points']);
    await userEvent.keyboard('rief');
    const done = ended(chat);
    await userEvent.click([...shadow(chat).querySelectorAll('.run-form button')].find((b) => b.textContent === 'Insert')!);
    await done;
    expect(chat.messages[0]).toEqual({ role: 'user', content: [{ type: 'text', text: 'Summarize MCP in a brief style.' }] });
    expect(chat.messages[1]!.content[0]).toMatchObject({ type: 'text', text: 'Echo: Summarize MCP in a brief style.' });
  });

  test('several servers: each with its state, a failure explained in words', async () => {
    const chat = document.createElement('mcp-chat');
    chat.store = null;
    chat.servers = [inject('demoUrl'), inject('everythingUrl'), 'http://127.0.0.1:9/mcp'];
    const changes: string[] = [];
    chat.addEventListener('mcp-server-change', (e) => changes.push(`${e.url} ${e.state}`));
    document.body.append(chat);
    await expect
      .poll(() => chat.serverSet.connections.map((c) => c.state), { timeout: 20_000 })
      .toEqual(['connected', 'connected', 'failed']);
    expect(changes).toContain('http://127.0.0.1:9/mcp failed');
    await serversShown(chat);
    const chips = [...shadow(chat).querySelectorAll('[part~="server-status"]')].map((c) => c.getAttribute('aria-label'));
    expect(chips).toHaveLength(3);
    expect(chips[2]).toMatch(/failed$/);
    // The failure is told in the chat itself, in words, with a way to retry.
    const problem = shadow(chat).querySelector('[part~="server-problems"]')!;
    expect(problem.textContent).toContain('127.0.0.1:9');
    expect(problem.querySelector('.diagnosis')!.textContent!.length).toBeGreaterThan(20);
    expect(problem.querySelector('[part="retry-button"]')!.getAttribute('aria-label')).toMatch(/^Retry /);
    // Its chip opens the Servers panel (in a narrow chat, the one "3 servers" chip in their place).
    const chip = shadow(chat).querySelectorAll<HTMLButtonElement>('[part~="server-status"]')[2]!;
    await userEvent.click(chip.checkVisibility() ? chip : shadow(chat).querySelector<HTMLButtonElement>('[part~="server-count"]')!);
    const panel = shadow(chat).querySelector('[part="panel"]')!;
    expect(panel.querySelector('.diagnosis')!.textContent!.length).toBeGreaterThan(20);
    expect(panel.textContent).toContain('Retry');
    // Both servers' tools are offered, colliding names made unambiguous.
    const names = chat.serverSet.listTools().map((t) => t.name);
    expect(names).toContain('weather');
    expect(names).toContain('get-tiny-image');
    expect(new Set(names).size).toBe(names.length);
  });
});
