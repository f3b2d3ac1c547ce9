import { ProtocolError } from '@modelcontextprotocol/client';
import { describe, expect, test, vi } from 'vitest';
import { InputRequestError, InputRouter, type InputRequestContext, type PendingInputRequest } from '../../src/mcp/index.js';

const context: Omit<InputRequestContext, 'signal'> = {
  server: { id: 's1', name: 'demo', url: 'http://127.0.0.1/mcp' },
  era: 'legacy',
  toolCall: { name: 'register-form', toolUseId: 'toolu_1' },
};
const form = (message: string) => ({ mode: 'form' as const, message, requestedSchema: { type: 'object' as const, properties: {} } });

/** A handler that records its requests and lets the test answer them one by one. */
function manualHandler() {
  const seen: { message: string; context: InputRequestContext; answer: (action: 'accept' | 'decline') => void }[] = [];
  const handler = vi.fn(
    (params: { message: string }, ctx: InputRequestContext) =>
      new Promise<{ action: 'accept' | 'decline' }>((resolve) =>
        seen.push({ message: params.message, context: ctx, answer: (action) => resolve({ action }) }),
      ),
  );
  return { handler, seen };
}

describe('InputRouter', () => {
  test('a replayed request id gets the same answer and never a second prompt', async () => {
    const router = new InputRouter();
    const { handler, seen } = manualHandler();
    router.handle('elicitation', handler);
    const first = router.dispatch({ kind: 'elicitation', params: form('Name?'), context, dedupeKey: 'c1|sess|elicitation|7' });
    const replay = router.dispatch({ kind: 'elicitation', params: form('Name?'), context, dedupeKey: 'c1|sess|elicitation|7' });
    expect(replay).toBe(first);
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    seen[0].answer('accept');
    await expect(first).resolves.toEqual({ action: 'accept' });
    // Even after it was answered, a replay is answered from memory.
    await expect(
      router.dispatch({ kind: 'elicitation', params: form('Name?'), context, dedupeKey: 'c1|sess|elicitation|7' }),
    ).resolves.toEqual({ action: 'accept' });
    expect(handler).toHaveBeenCalledTimes(1);
    // A different id is a new request.
    const other = router.dispatch({ kind: 'elicitation', params: form('Age?'), context, dedupeKey: 'c1|sess|elicitation|8' });
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    seen[1].answer('decline');
    await expect(other).resolves.toEqual({ action: 'decline' });
  });

  test('concurrent requests of one kind reach the handler one at a time, in order, with a readable queue', async () => {
    const router = new InputRouter();
    const { handler, seen } = manualHandler();
    router.handle('elicitation', handler);
    const changes = vi.fn();
    router.addEventListener('change', changes);
    const a = router.dispatch({ kind: 'elicitation', params: form('A'), context });
    const b = router.dispatch({ kind: 'elicitation', params: form('B'), context });
    const c = router.dispatch({ kind: 'elicitation', params: form('C'), context });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    const snapshot = (list: PendingInputRequest[]) => list.map((p) => [(p.params as { message: string }).message, p.status]);
    expect(snapshot(router.pending)).toEqual([
      ['A', 'active'],
      ['B', 'queued'],
      ['C', 'queued'],
    ]);
    expect(changes).toHaveBeenCalled();
    seen[0].answer('accept');
    await expect(a).resolves.toEqual({ action: 'accept' });
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1].message).toBe('B');
    expect(snapshot(router.pending)).toEqual([
      ['B', 'active'],
      ['C', 'queued'],
    ]);
    seen[1].answer('decline');
    await vi.waitFor(() => expect(seen).toHaveLength(3));
    seen[2].answer('accept');
    await expect(Promise.all([b, c])).resolves.toEqual([{ action: 'decline' }, { action: 'accept' }]);
    expect(router.pending).toEqual([]);
  });

  test('no timeout while a person answers, only the explicit wait limit', async () => {
    vi.useFakeTimers();
    try {
      const router = new InputRouter({ waitLimitMs: 15 * 60_000 });
      const { handler, seen } = manualHandler();
      router.handle('elicitation', handler);
      const answer = router.dispatch({ kind: 'elicitation', params: form('Take your time'), context });
      await vi.advanceTimersByTimeAsync(14 * 60_000);
      expect(seen).toHaveLength(1);
      expect(seen[0].context.signal.aborted).toBe(false);
      seen[0].answer('accept');
      await expect(answer).resolves.toEqual({ action: 'accept' });
    } finally {
      vi.useRealTimers();
    }
  });

  test('the wait limit is explicit, defaults to at least 10 minutes, and ends the request', async () => {
    expect(new InputRouter().waitLimitMs).toBeGreaterThanOrEqual(10 * 60_000);
    vi.useFakeTimers();
    try {
      const router = new InputRouter({ waitLimitMs: 60_000 });
      const { handler, seen } = manualHandler();
      router.handle('elicitation', handler);
      router.handle('sampling', () => new Promise(() => {}));
      const elicit = router.dispatch({ kind: 'elicitation', params: form('Hello?'), context });
      const sample = router.dispatch({ kind: 'sampling', params: { messages: [], maxTokens: 10 }, context });
      sample.catch(() => {});
      await vi.advanceTimersByTimeAsync(60_001);
      // The handler learns through its signal and takes its UI down; the server gets "cancel".
      expect(seen[0].context.signal.aborted).toBe(true);
      await expect(elicit).resolves.toEqual({ action: 'cancel' });
      await expect(sample).rejects.toMatchObject({ kind: 'wait-limit', message: expect.stringContaining('60 s') });
    } finally {
      vi.useRealTimers();
    }
  });

  test('the person can cancel a request; a cancelled tool call ends its queued requests', async () => {
    const router = new InputRouter();
    const { handler, seen } = manualHandler();
    router.handle('elicitation', handler);
    const shown = router.dispatch({ kind: 'elicitation', params: form('First'), context });
    const stopCall = new AbortController();
    const queued = router.dispatch({ kind: 'elicitation', params: form('Second'), context, signals: [stopCall.signal] });
    await vi.waitFor(() => expect(router.pending).toHaveLength(2));
    router.cancel(router.pending[0].id);
    await expect(shown).resolves.toEqual({ action: 'cancel' });
    expect(seen[0].context.signal.aborted).toBe(true);
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    stopCall.abort();
    await expect(queued).resolves.toEqual({ action: 'cancel' });
    expect(seen[1].context.signal.aborted).toBe(true);
    expect(router.pending).toEqual([]);
  });

  test('no handler: a clear JSON-RPC error; unregistering restores the previous handler', async () => {
    const router = new InputRouter();
    const failure = router.dispatch({ kind: 'sampling', params: { messages: [], maxTokens: 5 }, context });
    await expect(failure).rejects.toBeInstanceOf(InputRequestError);
    await expect(failure).rejects.toBeInstanceOf(ProtocolError);
    await expect(failure).rejects.toMatchObject({
      code: -32601,
      kind: 'no-handler',
      message: expect.stringContaining('no handler for sampling'),
    });

    const headless = router.handle('roots', () => [{ uri: 'file:///base' }]);
    const overlay = router.handle('roots', () => [{ uri: 'file:///overlay' }]);
    await expect(router.dispatch({ kind: 'roots', params: undefined, context })).resolves.toEqual([{ uri: 'file:///overlay' }]);
    overlay();
    await expect(router.dispatch({ kind: 'roots', params: undefined, context })).resolves.toEqual([{ uri: 'file:///base' }]);
    headless();
    expect(router.has('roots')).toBe(false);
  });

  test('handlers get the context: server, era, tool call, signal', async () => {
    const router = new InputRouter();
    let got: InputRequestContext | undefined;
    router.handle('elicitation', async (_params, ctx) => {
      got = ctx;
      return { action: 'decline' };
    });
    await router.dispatch({ kind: 'elicitation', params: form('x'), context });
    expect(got).toMatchObject({ server: { name: 'demo' }, era: 'legacy', toolCall: { name: 'register-form', toolUseId: 'toolu_1' } });
    expect(got?.signal).toBeInstanceOf(AbortSignal);
  });
});
