import { expect, inject, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { part, showApp } from './app-view-support.js';

// Display modes (inline, fullscreen, pip) and the host context kept current
// (theme, size, mode, locale, safe area), seen by the recorder app of
// test/servers/app-state-server.ts on the real sandbox origin.

async function showRecorder(text = '') {
  const { view, reports } = await showApp('recorder-app', {
    url: inject('appStateUrl'),
    logger: 'app:state-app',
    input: { text },
    setup: (view) => (view.style.width = '600px'),
  });
  const changes = () =>
    reports.filter((r) => r.step === 'seen:ui/notifications/host-context-changed').map((r) => r.detail as Record<string, unknown>);
  await expect.poll(() => reports.find((r) => r.step === 'initialized'), { timeout: 15_000 }).toBeTruthy();
  const initial = reports.find((r) => r.step === 'initialized')!.detail as Record<string, unknown>;
  return { view, reports, changes, initial };
}

test('the host context offers inline, fullscreen and pip, with locale and safe area; theme, size and mode changes are sent as they happen', async () => {
  await page.viewport(1280, 800);
  const { view, changes, initial } = await showRecorder();
  expect(initial).toMatchObject({
    displayMode: 'inline',
    availableDisplayModes: ['inline', 'fullscreen', 'pip'],
    containerDimensions: { width: 600, maxHeight: 600 },
    safeAreaInsets: { top: 0, right: 0, bottom: 0, left: 0 },
    // The page says "en", the browser prefers "en-US": the same language, the more precise tag.
    locale: navigator.language,
  });

  view.theme = view.theme === 'dark' ? 'light' : 'dark';
  const theme = view.theme;
  await expect.poll(() => changes().some((c) => c.theme === theme), { timeout: 5000 }).toBe(true);

  view.style.width = '420px';
  await expect
    .poll(() => changes().some((c) => (c.containerDimensions as { width?: number } | undefined)?.width === 420), { timeout: 5000 })
    .toBe(true);

  view.setAttribute('lang', 'ar');
  dispatchEvent(new Event('languagechange'));
  await expect.poll(() => changes().some((c) => c.locale === 'ar'), { timeout: 5000 }).toBe(true);

  // The floating window: from the header's button; the view floats at the bottom corner, a line stays in its place.
  await userEvent.click(part(view, 'pip-button')!);
  await expect.poll(() => changes().some((c) => c.displayMode === 'pip'), { timeout: 5000 }).toBe(true);
  const pip = changes().find((c) => c.displayMode === 'pip')!;
  expect(pip.containerDimensions).toEqual({ width: 360, maxHeight: 280 });
  const base = part(view, 'base')!;
  expect(getComputedStyle(base).position).toBe('fixed');
  // In the top layer: nothing around the view clips or contains it.
  expect(base.matches(':popover-open')).toBe(true);
  await Promise.all(base.getAnimations().map((a) => a.finished));
  const box = base.getBoundingClientRect();
  expect(Math.round(document.documentElement.clientWidth - box.right)).toBe(12);
  expect(Math.round(document.documentElement.clientHeight - box.bottom)).toBe(12);
  expect(part(view, 'pip-placeholder')!.textContent).toContain('is shown in a small window');
  // It stays where it is when the page scrolls.
  document.body.style.height = '4000px';
  scrollTo(0, 1500);
  expect(Math.round(part(view, 'base')!.getBoundingClientRect().bottom)).toBe(Math.round(box.bottom));
  document.body.style.height = '';

  // Back to its place with the window's own button; Escape leaves full screen.
  await userEvent.click(part(view, 'base')!.querySelector<HTMLElement>('[part~="pip-return-button"]')!);
  await expect.poll(() => view.displayMode).toBe('inline');
  await expect.poll(() => changes().at(-1)?.displayMode, { timeout: 5000 }).toBe('inline');
  await userEvent.click(part(view, 'fullscreen-button')!);
  await expect
    .poll(
      () => changes().some((c) => c.displayMode === 'fullscreen' && (c.containerDimensions as { height?: number }).height === innerHeight),
      { timeout: 5000 },
    )
    .toBe(true);
  part(view, 'fullscreen-button')!.focus();
  await userEvent.keyboard('{Escape}');
  await expect.poll(() => view.displayMode).toBe('inline');
});

test('an app that declared pip may ask for it, and gets it', async () => {
  const { view, reports } = await showRecorder('ask-pip');
  await expect.poll(() => reports.find((r) => r.step === 'mode')?.detail, { timeout: 15_000 }).toBe('pip');
  expect(view.displayMode).toBe('pip');
});
