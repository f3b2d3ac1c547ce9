// A full disk while the model downloads: the real download into the Origin
// Private File System hits the browser's own quota (lowered for this page's
// origin through the DevTools protocol, Storage.overrideQuotaForOrigin, once
// the first bytes are stored; the model server holds the rest until then). The person reads what happened and what to do,
// nothing saved before is lost, and once there is room Download again works.
import { cdp } from 'vitest/browser';
import { afterEach, expect, inject, test } from 'vitest';
import { openHistory } from '../../src/history/index.js';
import { isProviderError } from '../../src/providers/provider-error.js';
import { createOnDeviceProvider } from '../../src/providers/on-device/on-device-provider.js';
import { CHAT_STRINGS_EN } from '../../src/elements/mcp-chat/strings.js';

const server = inject('modelServerUrl');
const size = inject('tinyModelSize');
const sha256 = inject('tinyModelSha256');
const quota = (quotaSize?: number) =>
  cdp().send('Storage.overrideQuotaForOrigin', { origin: location.origin, ...(quotaSize === undefined ? {} : { quotaSize }) });

afterEach(async () => {
  await quota(); // back to the browser's own
});

test('the disk fills during the download: said in words, saved conversations kept, and Download again succeeds once there is room', async () => {
  const store = await openHistory({ name: `quota-${crypto.randomUUID()}` });
  const kept = await store.createConversation({ title: 'Kept through a full disk' });
  await store.appendMessages(kept.id, [{ role: 'user', content: [{ type: 'text', text: 'remember me' }] }]);

  // The server sends the first 16 KB, then holds the rest until the test opens its gate.
  const gateName = `quota-${crypto.randomUUID()}`;
  const url = `${server}/m/${gateName}/tiny-model.gguf?gate=${gateName}`;
  const provider = createOnDeviceProvider({ modelUrl: url, size, sha256, contextSize: 8192, maxArgumentLength: 24 });
  try {
    // The store keeps a model by its SHA-256: a copy of the tiny model that an earlier file of this origin
    // stored would make this download end at once, with nothing to fill.
    await provider.remove();
    expect(await provider.status()).not.toMatchObject({ state: 'cached' });
    let lowered: Promise<unknown> | undefined;
    const failed = await provider
      .download({
        onProgress: (p) => {
          if (lowered || p.loaded === 0) return;
          // Room for what is stored now and a little more: the rest of the model does not fit. The rest is sent
          // only once the quota is lowered (without the gate, a busy machine finished the download first).
          lowered = navigator.storage
            .estimate()
            .then((e) => quota((e.usage ?? 0) + 64 * 1024))
            .finally(() => fetch(`${server}/open/${gateName}`, { method: 'POST' }));
        },
      })
      .catch((e: unknown) => e);
    expect(lowered, `the download ended before any progress: ${String(failed)}`).toBeDefined();
    expect(isProviderError(failed, 'network')).toBe(true);
    const words = (failed as Error).message;
    expect(words).toMatch(/^This device does not have room to keep the model \(\d+ (KB|MB) needed\)\. Free some space, then try again\.$/);
    expect(words).not.toMatch(/Quota|DOMException|exceeded/i);
    // As the chat shows it: one lead-in.
    expect(CHAT_STRINGS_EN.modelDownloadFailed(words)).toBe(`The download failed: ${words}`);
    expect(await provider.status()).toMatchObject({ state: 'failed', bytes: size });

    // Nothing saved before was lost.
    expect((await store.loadLast(kept.id, 10)).map((m) => (m.content[0] as { text: string }).text)).toEqual(['remember me']);

    // Room again: Download again stores the model, checked against its SHA-256.
    await quota();
    await provider.download();
    expect(await provider.status()).toEqual({ state: 'cached', bytes: size });
  } finally {
    await provider.remove().catch(() => {});
    await provider.dispose();
    store.close();
  }
}, 60_000);
