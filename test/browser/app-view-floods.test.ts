import { beforeAll, describe, expect, test } from 'vitest';
import '../../src/elements/mcp-app-view/mcp-app-view.js';
import type { McpAppContextUpdateEvent } from '../../src/events/app-context-update.js';
import { TIMED, boundByControl, timeBound } from './long-tasks.js';
import { cleanup, part, showHostile } from './app-view-support.js';

// Issue 26, item 6: an app that floods its host (10,000 size changes, three
// 10 MB log messages, 3,000 model-context updates) must not stall the page:
// the longest task of the page stays under 200 ms (or, on a busy machine, within
// three times a control's: the same view showing an app that sends nothing,
// measured in the same test), and what matters (the last size, the last
// context) still arrives.

/** Records the page's long tasks (over 50 ms) from now on; `longest()` in ms. */
function watchLongTasks(): { longest(): number } {
  const durations: number[] = [];
  const observer = new PerformanceObserver((list) => durations.push(...list.getEntries().map((e) => e.duration)));
  observer.observe({ type: 'longtask' });
  cleanup(() => observer.disconnect());
  return {
    longest: () => {
      durations.push(...observer.takeRecords().map((e) => e.duration));
      return Math.max(0, ...durations);
    },
  };
}

/** Resolves after two animation frames of the page: what was queued before has been handled and drawn. */
const twoFrames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));

/** The control: the longest task while the same view shows an app that sends nothing, until it runs. */
async function quietApp(): Promise<number> {
  const tasks = watchLongTasks();
  const shown = await showHostile('silent');
  await expect.poll(() => shown.view.state, { timeout: 15_000 }).toBe('running');
  await twoFrames();
  return tasks.longest();
}

describe('floods from an app', () => {
  // The bridge loads on the first view: its parse is no part of what is measured.
  beforeAll(() => import('@modelcontextprotocol/ext-apps/app-bridge'));

  test('10,000 size changes: no long stall, the frame ends at the last size', TIMED, async () => {
    const control = await quietApp();
    const tasks = watchLongTasks();
    const shown = await showHostile('flood-size', { setup: (v) => (v.maxHeight = 1000) });
    await shown.report('flooded');
    // The last one the app sent: 100 + 9,999 % 400.
    await expect.poll(() => part(shown.view, 'frame')?.style.height, { timeout: 15_000 }).toBe('499px');
    await twoFrames();
    expect(tasks.longest(), timeBound(`longest task; the quiet app's ${Math.round(control)} ms`)).toBeLessThan(boundByControl(control));
  });

  test('three 10 MB log messages: no long stall, none reaches the page at that size, the app goes on', TIMED, async () => {
    const control = await quietApp();
    const tasks = watchLongTasks();
    let largest = 0;
    const shown = await showHostile('flood-log');
    shown.connection.addEventListener('mcp-log-message', (e) => {
      if (e.message.logger === 'app:flood') largest = Math.max(largest, JSON.stringify(e.message.data ?? null).length);
    });
    await shown.report('flooded', 30_000);
    await twoFrames();
    expect(tasks.longest(), timeBound(`longest task; the quiet app's ${Math.round(control)} ms`)).toBeLessThan(boundByControl(control));
    expect(largest).toBeLessThanOrEqual(70_000);
  });

  test('3,000 model-context updates: no long stall, the last one is kept, the page hears a few, not 3,000', TIMED, async () => {
    const control = await quietApp();
    const tasks = watchLongTasks();
    const updates: McpAppContextUpdateEvent[] = [];
    const on = (e: McpAppContextUpdateEvent) => updates.push(e);
    document.addEventListener('mcp-app-context-update', on);
    cleanup(() => document.removeEventListener('mcp-app-context-update', on));
    const shown = await showHostile('flood-context');
    const flooded = await shown.report('flooded', 30_000);
    expect((flooded.detail as { accepted: number }).accepted).toBe(3000);
    await expect.poll(() => JSON.stringify(shown.view.modelContext?.content)).toContain('update 2999');
    await expect.poll(() => JSON.stringify(updates.at(-1)?.context.content)).toContain('update 2999');
    await twoFrames();
    expect(updates.length).toBeLessThan(100);
    expect(tasks.longest(), timeBound(`longest task; the quiet app's ${Math.round(control)} ms`)).toBeLessThan(boundByControl(control));
  });
});
