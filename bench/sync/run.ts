// Runs in Chromium (served by Vite, driven by bench/sync.mjs): a device with
// its own history database syncing against the reference server.
// window.syncBench(step, args) runs one measured step.
import { openHistory, startSync, type HistoryStore, type Sync } from '../../src/history/index.js';

let store: HistoryStore | undefined;
let sync: Sync | undefined;

const upToDate = (s: Sync) =>
  new Promise<void>((resolve) => {
    const check = () => {
      if (s.status.state === 'up-to-date') {
        s.removeEventListener('status', check);
        resolve();
      }
    };
    s.addEventListener('status', check);
    check();
  });

const steps: Record<string, (args: { server: string; token: string; name: string; count?: number }) => Promise<unknown>> = {
  /** A new device: open an empty history and sync until up to date. Answers ms, conversations and messages. */
  async firstSync({ server, token, name }) {
    store = await openHistory({ name });
    const started = performance.now();
    sync = await startSync(store, { server, token, name });
    await upToDate(sync);
    const ms = performance.now() - started;
    const list = await store.listConversations({ limit: 2000 });
    const messages = list.items.reduce((n, c) => n + c.messageCount, 0);
    return { ms, conversations: list.items.length, messages };
  },
  /** Opens an existing device (already synced) and waits until up to date. */
  async online({ server, token, name }) {
    store = await openHistory({ name });
    sync = await startSync(store, { server, token, name });
    await upToDate(sync);
    return true;
  },
  /** Appends `count` messages one at a time, each pushed before the next: answers each one's ms (append, push and pull, up to date). */
  async push({ count = 100 }) {
    const c = await store!.createConversation({ title: 'pushed' });
    await upToDate(sync!);
    const times: number[] = [];
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      await store!.appendMessages(c.id, [
        {
          role: i % 2 ? 'assistant' : 'user',
          content: [{ type: 'text', text: `message ${i} of the push benchmark, about eighty characters long.` }],
        },
      ]);
      await sync!.sync(); // push (and pull) now, as the change would in 20 ms
      if (sync!.status.state !== 'up-to-date') await upToDate(sync!);
      times.push(performance.now() - started);
    }
    return { times, conversationId: c.id };
  },
  /** Resolves with the time (performance.timeOrigin-based epoch ms) the next remote message arrives. */
  async nextArrival() {
    return new Promise<number>((resolve) => {
      const on = (e: Event) => {
        const change = (e as Event & { change: { type: string }; remote: boolean }).change;
        if (change.type === 'messages' && (e as Event & { remote: boolean }).remote) {
          store!.removeEventListener('change', on as EventListener);
          resolve(performance.timeOrigin + performance.now());
        }
      };
      store!.addEventListener('change', on as EventListener);
    });
  },
  /** Appends one message to `conversation` and answers when (epoch ms) it was appended. */
  async appendOne({ name: conversationId }) {
    const at = performance.timeOrigin + performance.now();
    await store!.appendMessages(conversationId, [{ role: 'user', content: [{ type: 'text', text: 'live message' }] }]);
    return at;
  },
  async stop() {
    sync?.stop();
    store?.close();
    return true;
  },
};

(window as unknown as { syncBench: unknown }).syncBench = (step: string, args: Parameters<(typeof steps)[string]>[0]) => steps[step]!(args);
