// The server-rendered placeholder (src/elements/mcp-chat-placeholder/) in real
// Chromium: markup as a server sends it, measured before the element is
// defined, then again once `<mcp-chat>` is defined and rendered. Nothing may
// jump: the box, the header's edge and the composer keep their place, and the
// placeholder is gone. This file must not import the chat statically: the
// first measurements need `<mcp-chat>` undefined.
import { afterEach, expect, test } from 'vitest';
import { chatPlaceholderHtml } from '../../src/elements/mcp-chat-placeholder/chat-placeholder.js';

const host = document.createElement('div');
host.style.cssText = 'width: 900px; padding: 8px';
document.body.append(host);
afterEach(() => host.replaceChildren());

const rect = (el: Element) => el.getBoundingClientRect();

test('before the element is defined the placeholder shows the frame at the chat size; after, the chat sits exactly there and the placeholder is gone', async () => {
  expect(customElements.get('mcp-chat'), 'this file must run before anything defines <mcp-chat>').toBeUndefined();
  host.innerHTML =
    `<mcp-chat style="--mcp-chat-height: 480px">${chatPlaceholderHtml({ title: 'Docs <b>help</b>' })}</mcp-chat>` +
    `<mcp-chat launcher theme="dark">${chatPlaceholderHtml()}</mcp-chat>` +
    // A phone-wide chat: the composer's box is the narrow layout's.
    `<mcp-chat style="width: 390px; --mcp-chat-height: 700px">${chatPlaceholderHtml()}</mcp-chat>`;
  const [chat, launcher, phone] = [...host.querySelectorAll('mcp-chat')] as Array<HTMLElement & { updateComplete: Promise<unknown> }>;
  const phoneComposer = rect(phone!.querySelector('.mcpp-composer')!);
  const placeholder = chat!.querySelector('[slot="placeholder"]')!;
  const before = {
    box: rect(chat!),
    header: rect(placeholder.querySelector('.mcpp-header')!),
    composer: rect(placeholder.querySelector('.mcpp-composer')!),
    launcher: rect(launcher!),
  };
  // The frame is there: a title (escaped, as text), a composer outline, a label for screen readers.
  expect(before.box.height).toBe(480);
  expect(before.box.width).toBe(900);
  expect(placeholder.querySelector('.mcpp-title')!.textContent).toBe('Docs <b>help</b>');
  expect(getComputedStyle(placeholder.querySelector('.mcpp-frame')!).borderTopWidth).toBe('1px');
  expect(before.composer.height).toBeGreaterThanOrEqual(50);
  expect(placeholder.getAttribute('role')).toBe('status');
  expect(placeholder.textContent).toContain('Loading the chat…');
  // The launcher: the round accent button in the corner, in the dark theme's accent.
  expect([before.launcher.width, before.launcher.height]).toEqual([56, 56]);
  expect(before.launcher.right).toBe(innerWidth - 20);
  const button = launcher!.querySelector('.mcpp-launcher')!;
  expect(getComputedStyle(button).backgroundColor).toBe('rgb(138, 180, 255)');
  expect(launcher!.querySelector('.mcpp-frame')!.getClientRects().length).toBe(0);

  await import('../../src/elements/mcp-chat/index.js');
  await customElements.whenDefined('mcp-chat');
  await chat!.updateComplete;
  await launcher!.updateComplete;
  const root = chat!.shadowRoot!;
  await expect.poll(() => root.querySelector('header') && root.querySelector('.composer')).toBeTruthy();
  const after = {
    box: rect(chat!),
    header: rect(root.querySelector('header')!),
    composer: rect(root.querySelector('.composer')!),
    launcher: rect(launcher!),
  };
  expect(after.box.height).toBe(before.box.height);
  expect(after.box.width).toBe(before.box.width);
  expect(Math.abs(after.header.bottom - before.header.bottom)).toBeLessThanOrEqual(1);
  for (const side of ['top', 'bottom', 'left', 'right'] as const) {
    expect(Math.abs(after.composer[side] - before.composer[side]), `composer ${side}`).toBeLessThanOrEqual(2);
  }
  expect(after.launcher.toJSON()).toEqual(before.launcher.toJSON());
  await phone!.updateComplete;
  await expect.poll(() => phone!.shadowRoot!.querySelector('.composer')).toBeTruthy();
  const phoneAfter = rect(phone!.shadowRoot!.querySelector('.composer')!);
  for (const side of ['top', 'bottom', 'left', 'right'] as const) {
    expect(Math.abs(phoneAfter[side] - phoneComposer[side]), `composer ${side} at 390 px`).toBeLessThanOrEqual(2);
  }
  // The placeholders are still in the light DOM (what hydration expects) but not shown.
  expect(chat!.contains(placeholder)).toBe(true);
  expect(placeholder.getClientRects().length).toBe(0);
  expect(button.getClientRects().length).toBe(0);
});
