// Every per-server decision is keyed by the server's address (origin + path),
// never by this page's connection counter (mcp-1, mcp-2, …), which names
// another server after a reload with the servers in another order.
import { afterEach, expect, inject, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { createMemoryHistory } from '../../src/history/index.js';
import { serverKey } from '../../src/mcp/server-key.js';
import { createOpenAICompatibleProvider } from '../../src/providers/index.js';
import { SamplingPolicies } from '../../src/elements/mcp-sampling-approval/sampling-policies.js';
import { $, setUp, shown, until, type TestSetup } from './sampling-support.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const provider = () => createOpenAICompatibleProvider({ baseURL: inject('openaiUrl'), apiKey: 'test', model: 'gpt-4o-mini' });

/** One page load: a fresh set of policies read from `localStorage`, servers connected in the order given. */
async function page(storageKey: string, urls: string[]): Promise<{ setups: TestSetup[]; policies: SamplingPolicies }> {
  const policies = new SamplingPolicies({ storage: localStorage, storageKey });
  const store = createMemoryHistory();
  const { id } = await store.createConversation();
  const setups: TestSetup[] = [];
  for (const url of urls) {
    const setup = await setUp(url, 'legacy', { provider: provider(), policies, store, conversationId: id });
    cleanups.push(() => setup.close());
    setups.push(setup);
  }
  return { setups, policies };
}

test('auto for server A, then a reload with B connected first: B asks, A still runs without asking', async () => {
  const storageKey = `policies-${crypto.randomUUID()}`;
  cleanups.push(() => localStorage.removeItem(storageKey));
  const a = inject('demoUrl');
  const b = inject('everythingUrl');

  // First load: A asks; the person chooses "approve automatically" for it in the view.
  const first = await page(storageKey, [a]);
  const [demo] = first.setups;
  const asked = demo!.call('ask-model', { question: 'first' });
  await shown(demo!.element);
  await userEvent.selectOptions($<HTMLSelectElement>(demo!.element, 'select[part~="policy"]')!, 'auto');
  await userEvent.click($(demo!.element, '[part~="approve-button"]')!);
  await userEvent.click(await until(() => $(demo!.element, '[part~="send-button"]'), 10_000, 'send'));
  await asked;
  // Stored under A's address, nothing else.
  expect(Object.keys(JSON.parse(localStorage.getItem(storageKey)!))).toEqual([serverKey(a)]);
  await Promise.all(cleanups.splice(1).map((fn) => fn()));

  // Reload: B first, then A.
  const second = await page(storageKey, [b, a]);
  const [everything, demoAgain] = second.setups;
  const fromB = everything!.call('trigger-sampling-request', { prompt: 'B wants the model', maxTokens: 20 });
  await shown(everything!.element);
  expect(everything!.element.hidden).toBe(false);
  await userEvent.click($(everything!.element, '[part~="reject-button"]')!);
  await fromB.catch(() => undefined);

  const fromA = await demoAgain!.call('ask-model', { question: 'automatic please' });
  expect(fromA.content[0]).toMatchObject({ text: 'Echo: automatic please' });
  expect(demoAgain!.element.hidden).toBe(true);
});

test('the policy keys ignore query and fragment and refuse per-page ids stored by older versions', () => {
  const storageKey = `policies-${crypto.randomUUID()}`;
  cleanups.push(() => localStorage.removeItem(storageKey));
  localStorage.setItem(storageKey, JSON.stringify({ 'mcp-1': 'auto', 'http://127.0.0.1:9/mcp': 'never' }));
  const policies = new SamplingPolicies({ storage: localStorage, storageKey });
  expect(policies.get('http://127.0.0.1:9/mcp?x=1#y')).toBe('never');
  expect(policies.get('mcp-1')).toBe('ask');
});
