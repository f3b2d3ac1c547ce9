import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { McpConnection } from '../../src/mcp/index.js';

// Issue 28: after 1,500 calls on one connection Node warned that 1,553 abort
// listeners were added to one AbortSignal (a listener kept per call). This
// makes 600 calls per era on one connection to the demo server and counts,
// for every signal that is still live (not aborted), the abort listeners added
// and not removed. A listener kept per call would show as a count near 600,
// thirty times the 20 allowed (Node itself warns from 11 on one signal).
const url = inject('demoUrl');
const CALLS = 600;

/** Live abort listeners per signal, kept by wrapping EventTarget's methods for the test's length. */
const live = new Map<EventTarget, Set<unknown>>();
const original = { add: EventTarget.prototype.addEventListener, remove: EventTarget.prototype.removeEventListener };
const warnings: string[] = [];
const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);

beforeAll(() => {
  EventTarget.prototype.addEventListener = function (this: EventTarget, type: string, listener: unknown, options?: unknown) {
    if (type === 'abort' && this instanceof AbortSignal && listener) {
      let set = live.get(this);
      if (!set) live.set(this, (set = new Set()));
      set.add(listener);
    }
    return original.add.call(this, type, listener as EventListener, options as AddEventListenerOptions);
  } as typeof EventTarget.prototype.addEventListener;
  EventTarget.prototype.removeEventListener = function (this: EventTarget, type: string, listener: unknown, options?: unknown) {
    if (type === 'abort') live.get(this)?.delete(listener);
    return original.remove.call(this, type, listener as EventListener, options as EventListenerOptions);
  } as typeof EventTarget.prototype.removeEventListener;
  process.on('warning', onWarning);
});

afterAll(() => {
  EventTarget.prototype.addEventListener = original.add;
  EventTarget.prototype.removeEventListener = original.remove;
  process.off('warning', onWarning);
});

const open: McpConnection[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

/** The largest number of abort listeners any signal that has not fired still holds. */
function mostKept(): number {
  let most = 0;
  for (const [signal, set] of live) {
    if ((signal as AbortSignal).aborted) continue;
    most = Math.max(most, set.size);
  }
  return most;
}

describe.each(['legacy', 'modern'] as const)('%s era: 600 calls on one connection', (era) => {
  test('keep no abort listener per call, and Node warns of none', async () => {
    const connection = new McpConnection({ url, era, name: 'demo' });
    open.push(connection);
    await connection.connect();
    const before = mostKept();
    for (let i = 0; i < CALLS; i += 50) {
      // 50 at a time: calls in flight together, as a busy chat makes them.
      const batch = Array.from({ length: 50 }, (_, j) => connection.callTool('echo', { message: `call ${i + j}` }));
      const results = await Promise.all(batch);
      expect(results.every((r) => !r.isError)).toBe(true);
    }
    // A stopped call must not leave its listener behind either.
    const stop = new AbortController();
    const stopped = connection.callTool('long-task', { steps: 20, delayMs: 50 }, { signal: stop.signal, onprogress: () => stop.abort() });
    await expect(stopped).rejects.toMatchObject({ kind: 'aborted' });

    const kept = mostKept();
    expect(kept - before, `a signal holds ${kept} abort listeners after ${CALLS} calls`).toBeLessThan(20);
    expect(warnings.filter((w) => w.includes('MaxListeners'))).toEqual([]);
  }, 120_000);
});
