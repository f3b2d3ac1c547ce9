// Every sync message the engine can give has its Arabic words: none falls back to the English sentence.
import { expect, test } from 'vitest';
import type { SyncErrorCode, SyncErrorDetail } from '../../src/history/sync-contract.js';
import { syncErrorInArabic } from '../../src/elements/mcp-chat/sync/sync-error-ar.js';

const host = 'sync.example';
const every = {
  'no-token': { code: 'no-token' },
  unreachable: { code: 'unreachable', host },
  timeout: { code: 'timeout', host, seconds: 30 },
  cut: { code: 'cut', host },
  'signed-out': { code: 'signed-out', said: 'token expired' },
  'share-gone': { code: 'share-gone', said: 'revoked' },
  'too-large': { code: 'too-large' },
  'server-error': { code: 'server-error', host, status: 500 },
  'not-json': { code: 'not-json', host },
  'bad-pull': { code: 'bad-pull', host },
  'bad-push': { code: 'bad-push', host },
  'bad-share': { code: 'bad-share', host },
  'local-store': { code: 'local-store', storeKind: 'failed', said: 'disk' },
  other: { code: 'other', said: 'boom' },
  'refused-change': { code: 'refused-change', reason: 'too old' },
  'bad-rows': { code: 'bad-rows', count: 3 },
} satisfies Record<SyncErrorCode, SyncErrorDetail>;

test('each sync code is said in Arabic, keeping the host, the status and what the server said', () => {
  for (const [code, detail] of Object.entries(every)) {
    const words = syncErrorInArabic(detail as SyncErrorDetail, 'ENGLISH');
    expect(words, code).not.toContain('ENGLISH');
    if (code !== 'other') expect(words, code).toMatch(/[\u0600-\u06FF]/);
    if ('host' in detail) expect(words, code).toContain(host);
  }
  expect(syncErrorInArabic(every['server-error'], '')).toContain('HTTP 500');
  expect(syncErrorInArabic(every['signed-out'], '')).toContain('«token expired»');
  expect(syncErrorInArabic(every['bad-rows'], '')).toContain('3 صفوف');
});

test('in English, an unexpected failure is said once: "Sync failed. <why>", not "Sync failed. Sync failed: <why>"', async () => {
  await import('../../src/elements/mcp-chat/strings-en-later.js');
  const { CHAT_STRINGS_EN } = await import('../../src/elements/mcp-chat/strings.js');
  const t = CHAT_STRINGS_EN;
  expect(t.syncFailed(t.syncError({ code: 'other', said: 'the disk is read-only' }, 'Sync failed: the disk is read-only'))).toBe(
    'Sync failed. the disk is read-only',
  );
  const english = 'The sync server sync.example answered with an error (HTTP 500). Your conversations stay on this device; Retry later.';
  expect(t.syncFailed(t.syncError({ code: 'server-error', host: 'sync.example', status: 500 }, english))).toBe(`Sync failed. ${english}`);
});
