import { describe, expect, inject, test } from 'vitest';
import '../../src/elements/mcp-app-view/mcp-app-view.js';
import { attackerHits, part, showHostile } from './app-view-support.js';

// Issue 26, item 5: an app must not carry data out by navigating its own
// frame (the "no network" CSP has no say over navigation in Chromium). The
// attacker is an HTTP server on 127.0.0.1 that counts what reaches it.

describe('an app that tries to leave its frame', () => {
  for (const app of ['leave-location', 'leave-refresh']) {
    test(`${app}: nothing reaches the attacker; the view is taken down and says why`, async () => {
      const shown = await showHostile(app);
      await expect.poll(() => shown.view.state, { timeout: 15_000 }).toBe('error');
      const notice = part(shown.view, 'notice')!;
      expect(notice.getAttribute('role')).toBe('alert');
      expect(notice.textContent).toContain('tried to leave');
      expect(part(shown.view, 'frame')).toBeNull();
      // The tool's result stays readable as text.
      expect(part(shown.view, 'fallback')?.textContent).toContain(`The ${app} app is shown.`);
      const via = app === 'leave-location' ? 'via=location' : 'via=refresh';
      expect((await attackerHits()).filter((h) => h.includes(via))).toEqual([]);
    });
  }
});

describe('the other ways out', () => {
  test('popups, top and parent navigation, links, forms, prefetch, images, fetch, beacons, sockets, workers, frames: none reaches the attacker', async () => {
    const shown = await showHostile('leave-other');
    await shown.report('tried:all');
    // A request of ours after the app's attempts: what the app sent would have arrived before it.
    await fetch(`${inject('attackerUrl')}/sentinel`);
    await expect.poll(async () => (await attackerHits()).includes('/sentinel')).toBe(true);
    const hits = (await attackerHits()).filter((h) => h.includes('via=') && !/via=(location|refresh|declared-frame)/.test(h));
    expect(hits).toEqual([]);
    // Nothing here navigates the app's own frame, so the app is still running.
    expect(shown.view.state).toBe('running');
  });
});

describe('what the server declared still works', () => {
  test('an app whose server declared a frame origin (frameDomains) may frame it, and is not taken down', async () => {
    const shown = await showHostile('framer');
    await shown.report('framed');
    await expect.poll(async () => (await attackerHits()).some((h) => h.includes('via=declared-frame'))).toBe(true);
    expect(shown.view.state).toBe('running');
  });
});
