import { afterEach, expect, test } from 'vitest';
import '../../src/elements/mcp-sampling-approval/mcp-sampling-approval.js';
import type { McpSamplingApproval } from '../../src/elements/mcp-sampling-approval/mcp-sampling-approval.js';
import { renderHeader } from '../../src/elements/mcp-chat/shell/header.js';
import { html, render } from 'lit';

// Issue 12 §7: wherever the person decides, a server's self-declared name shows
// its hidden and direction-changing characters, with its address beside it.

afterEach(() => document.body.replaceChildren());

const RLO = '\u202E';
const ZWSP = '\u200B';

test('a sampling request names the server with its hidden characters visible and its address beside it', async () => {
  const el = document.createElement('mcp-sampling-approval') as McpSamplingApproval;
  document.body.append(el);
  const controller = new AbortController();
  const pending = el.handler({ messages: [{ role: 'user', content: { type: 'text', text: 'Hi' } }], maxTokens: 10 }, {
    server: { id: 'mcp-1', name: `Bank${ZWSP}ing ${RLO}cod.exe`, url: 'https://tools.example.com:8443/mcp' },
    signal: controller.signal,
  } as never);
  pending.catch(() => {});
  await expect.poll(() => el.shadowRoot?.querySelector('#server')?.textContent ?? '').toContain('⟨U+200B⟩');
  const line = el.shadowRoot!.querySelector('#server')!.textContent!.replace(/\s+/g, ' ');
  expect(line).toContain('Bank⟨U+200B⟩ing ⟨U+202E⟩cod.exe');
  expect(line).toContain('(tools.example.com:8443)');
  expect(line).not.toContain(RLO);
  controller.abort();
});

test("the header's server chip reveals hidden characters and names the address to assistive tech", async () => {
  const connection = { url: 'http://127.0.0.1:4000/mcp', state: 'connected', error: undefined } as never;
  const host = document.createElement('div');
  document.body.append(host);
  render(
    html`${renderHeader({ connections: [connection], panel: undefined, model: '', models: [], closable: false }, { nameOf: () => `Docs${RLO}txt.exe`, showPanel: () => {} } as never)}`,
    host,
  );
  const chip = host.querySelector('[part~="server-status"]')!;
  expect(chip.textContent).toContain('Docs⟨U+202E⟩txt.exe');
  expect(chip.textContent).not.toContain(RLO);
  expect(chip.getAttribute('aria-label')).toBe('Docs⟨U+202E⟩txt.exe (127.0.0.1:4000): connected');
});
