// Runs in Chromium (served by Vite, driven by bench/history.mjs). Exposes
// window.historyBench(step) for each measured step, so the driver can read
// the profile's IndexedDB size on disk between steps.
import { deleteDB } from 'idb';
import { openHistory, type HistoryStore, type NewMessage } from '../../src/history/index.js';

const DB = 'history-bench';
const MESSAGES = 10_000;
const CONVERSATIONS = 1_000;
const IMAGE_BYTES = 50 * 1024;

function randomBase64(bytes: number): string {
  const buf = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i += 65536) crypto.getRandomValues(buf.subarray(i, Math.min(bytes, i + 65536)));
  let s = '';
  for (let i = 0; i < buf.length; i += 8192) s += String.fromCharCode(...buf.subarray(i, i + 8192));
  return btoa(s);
}

/**
 * 10,000 messages in a valid MCP cycle of four: user text; assistant text +
 * tool_use; user tool_result (text, structuredContent, resource_link);
 * assistant text with annotations. Every tenth message also carries a 50 KB image.
 */
function makeMessages(): NewMessage[] {
  const images = Array.from({ length: 20 }, () => randomBase64(IMAGE_BYTES));
  const words = 'the model looked at the tool result and wrote a careful answer about weather trains and maps'.split(' ');
  const sentence = (i: number, n: number) => Array.from({ length: n }, (_, k) => words[(i * 7 + k) % words.length]).join(' ');
  return Array.from({ length: MESSAGES }, (_, i) => {
    const turn = Math.floor(i / 4);
    let message: NewMessage;
    switch (i % 4) {
      case 0:
        message = { role: 'user', content: [{ type: 'text', text: `Question ${i}: ${sentence(i, 20)}` }] };
        break;
      case 1:
        message = {
          role: 'assistant',
          content: [
            { type: 'text', text: sentence(i, 30) },
            { type: 'tool_use', id: `call-${turn}`, name: 'get-weather', input: { city: 'Lyon', day: turn } },
          ],
          stopReason: 'toolUse',
          model: 'bench-model',
          usage: { inputTokens: 900, outputTokens: 40 },
        };
        break;
      case 2:
        message = {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              toolUseId: `call-${turn}`,
              content: [
                { type: 'text', text: sentence(i, 40) },
                { type: 'resource_link', uri: `demo://forecast/${turn}`, name: `forecast-${turn}` },
              ],
              structuredContent: { temperature: turn % 30, conditions: 'rain' },
            },
          ],
        };
        break;
      default:
        message = {
          role: 'assistant',
          content: [{ type: 'text', text: sentence(i, 60), annotations: { audience: ['user'], priority: 0.5 } }],
          stopReason: 'endTurn',
          model: 'bench-model',
        };
    }
    if (i % 10 === 9) {
      const image = { type: 'image' as const, data: images[i % images.length]!, mimeType: 'image/png' };
      const first = message.content[0]!;
      if (first.type === 'tool_result') first.content.push(image);
      else message.content.push(image);
    }
    return message;
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const usage = async () => (await navigator.storage.estimate()).usage ?? 0;

let conversationId = '';
let store: HistoryStore | undefined;

const steps: Record<string, () => Promise<Record<string, number>>> = {
  async reset() {
    await deleteDB(DB);
    return { usage: await usage() };
  },
  async append() {
    const messages = makeMessages();
    const jsonBytes = messages.reduce((n, m) => n + new TextEncoder().encode(JSON.stringify(m)).length, 0);
    const before = await usage();
    store = await openHistory({ name: DB });
    conversationId = (await store.createConversation({ title: 'bench' })).id;
    const start = performance.now();
    for (const m of messages) await store.appendMessages(conversationId, [m]);
    const ms = performance.now() - start;
    const after = await usage();
    return { messages: messages.length, ms, perSecond: (messages.length / ms) * 1000, jsonBytes, usageDelta: after - before };
  },
  async loadLast() {
    store?.close();
    const openAndLoad: number[] = [];
    const loadOnly: number[] = [];
    for (let i = 0; i < 25; i++) {
      const start = performance.now();
      const s = await openHistory({ name: DB });
      const page = await s.loadLast(conversationId, 50);
      openAndLoad.push(performance.now() - start);
      if (page.length !== 50 || page[49]!.seq !== MESSAGES) throw new Error('wrong page');
      const t = performance.now();
      await s.loadLast(conversationId, 50);
      loadOnly.push(performance.now() - t);
      s.close();
    }
    const s = await openHistory({ name: DB });
    const searches: number[] = [];
    for (let i = 0; i < 15; i++) {
      const start = performance.now();
      const hits = await s.search('question 9996:', { limit: 20 });
      searches.push(performance.now() - start);
      if (hits.length !== 1) throw new Error('wrong search');
    }
    s.close();
    return {
      openAndLoadMedian: median(openAndLoad),
      loadOnlyMedian: median(loadOnly),
      runs: openAndLoad.length,
      searchMedian: median(searches),
    };
  },
  async list() {
    const s = await openHistory({ name: DB });
    for (let i = 1; i < CONVERSATIONS; i++) await s.createConversation({ title: `Conversation ${i}`, metadata: { i } });
    const times: number[] = [];
    for (let i = 0; i < 30; i++) {
      const start = performance.now();
      const page = await s.listConversations({ limit: 50 });
      times.push(performance.now() - start);
      if (page.items.length !== 50 || !page.nextCursor) throw new Error('wrong page');
    }
    s.close();
    return { conversations: CONVERSATIONS, pageSize: 50, median: median(times) };
  },
  async batched() {
    const messages = makeMessages();
    const s = await openHistory({ name: DB });
    const id = (await s.createConversation({ title: 'bench, batched' })).id;
    const start = performance.now();
    for (let i = 0; i < messages.length; i += 50) await s.appendMessages(id, messages.slice(i, i + 50));
    const ms = performance.now() - start;
    s.close();
    return { messages: messages.length, ms, perSecond: (messages.length / ms) * 1000 };
  },
  async cleanup() {
    store?.close();
    await deleteDB(DB);
    return {};
  },
};

declare global {
  interface Window {
    historyBench(step: string): Promise<Record<string, number>>;
  }
}
window.historyBench = (step) => steps[step]!();
