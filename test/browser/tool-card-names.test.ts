// Names and titles come from servers: in the approval prompt, invisible and
// direction-changing characters are shown, and a title never stands in for
// the tool's real name.
import { afterEach, expect, test } from 'vitest';
import '../../src/elements/content/mcp-tool-card/mcp-tool-card.js';
import type { McpToolCard } from '../../src/elements/content/mcp-tool-card/mcp-tool-card.js';

afterEach(() => document.body.replaceChildren());

async function approvalCard(name: string, title: string | undefined, server: string): Promise<McpToolCard> {
  const card = document.createElement('mcp-tool-card');
  card.use = { type: 'tool_use', id: 'toolu_1', name, input: {} };
  card.toolTitle = title;
  card.server = server;
  card.serverUrl = 'https://tools.example/mcp';
  card.status = 'approval';
  document.body.append(card);
  await card.updateComplete;
  return card;
}
const ask = (card: McpToolCard) => card.shadowRoot!.querySelector('.ask')!.textContent!.replace(/\s+/g, ' ');

test('a right-to-left override and zero-width characters are shown, not applied', async () => {
  const card = await approvalCard('delete_\u202Etxt.exe', 'Read\u200B file', 'Demo\u2060');
  const text = ask(card);
  expect(text).toContain('delete_⟨U+202E⟩txt.exe');
  expect(text).toContain('Read⟨U+200B⟩ file');
  expect(text).toContain('Demo⟨U+2060⟩');
  expect(text).not.toMatch(/[\u202E\u200B\u2060]/);
});

test('the real name is shown beside a title that differs from it', async () => {
  const card = await approvalCard('wipe_disk', 'Read the weather', 'Demo');
  expect(ask(card)).toContain('Read the weather');
  expect(ask(card)).toContain('wipe_disk');
  expect(ask(card)).toContain('tools.example');
});

// Issue 26 §13: the summary line names the tool too, so it marks a look-alike
// the same way the approval question does, in every status.
const summary = (card: McpToolCard) => card.shadowRoot!.querySelector('[part="summary"] .line')!.textContent!.replace(/\s+/g, ' ');

for (const status of ['approval', 'running', 'done', 'denied'] as const) {
  test(`the ${status} summary line shows hidden characters and the real name beside a borrowed title`, async () => {
    const card = await approvalCard('delete_\u202Etxt.exe', 'Read\u200B file', 'Demo\u2060');
    card.status = status;
    await card.updateComplete;
    const line = summary(card);
    expect(line).toContain('Read⟨U+200B⟩ file');
    expect(line).toContain('delete_⟨U+202E⟩txt.exe');
    expect(line).toContain('Demo⟨U+2060⟩');
    expect(line).not.toMatch(/[\u202E\u200B\u2060]/);
    const plain = await approvalCard('wipe_disk', 'Read the weather', 'Demo');
    plain.status = status;
    await plain.updateComplete;
    expect(summary(plain)).toContain('Read the weather');
    expect(summary(plain)).toContain('wipe_disk');
  });
}

test('the progress bar and Stop button name the tool with its hidden characters shown', async () => {
  const card = await approvalCard('delete_\u202Etxt.exe', undefined, 'Demo');
  card.status = 'running';
  await card.updateComplete;
  const bar = card.shadowRoot!.querySelector('[part="progress"]')!;
  const stop = card.shadowRoot!.querySelector('[part="stop-button"]')!;
  expect(bar.getAttribute('aria-label')).toContain('delete_⟨U+202E⟩txt.exe');
  expect(stop.getAttribute('aria-label')).toContain('delete_⟨U+202E⟩txt.exe');
});
