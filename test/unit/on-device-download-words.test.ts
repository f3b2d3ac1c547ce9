// What a person reads when the model's download fails, as the chat shows it
// ("The download failed: <why>", CHAT_STRINGS_EN.modelDownloadFailed): one
// lead-in, never "The download failed: The download of … failed".
import { expect, test } from 'vitest';
import { downloadFailure } from '../../src/providers/on-device/on-device-provider.js';
import { ModelStoreError, type StoreFailure } from '../../src/providers/on-device/model-store.js';
import { CHAT_STRINGS_EN, type ModelFailure } from '../../src/elements/mcp-chat/strings.js';
import { CHAT_STRINGS_AR } from '../../src/elements/mcp-chat/strings-ar.js';
import '../../src/elements/mcp-chat/strings-en-later.js';

const url = 'https://models.example/org/repo/resolve/0123456789abcdef/model-q4.gguf';
const shown = (error: unknown) => CHAT_STRINGS_EN.modelDownloadFailed(downloadFailure(error, 'Qwen3 0.6B', url));

const failures: StoreFailure[] = [
  { kind: 'http', status: 500 },
  { kind: 'unreachable' },
  { kind: 'cut', loaded: 2e6 },
  { kind: 'no-length' },
  { kind: 'size', expected: 4e8, actual: 1e6 },
  { kind: 'hash' },
  { kind: 'quota', needed: 4e8, free: 1e8 },
  { kind: 'storage', message: 'NotAllowedError' },
];

test('every download failure is said with one lead-in, and names the site, not the file', () => {
  const unknownKind = new ModelStoreError({ kind: 'later' } as unknown as StoreFailure);
  for (const error of [...failures.map((f) => new ModelStoreError(f)), new TypeError('Failed to fetch'), unknownKind]) {
    const words = shown(error);
    expect(words).toMatch(/^The download failed: /);
    expect(words.slice('The download failed: '.length), words).not.toMatch(/^The download\b|download .* failed\./i);
    expect(words).not.toContain('model-q4.gguf');
  }
  expect(shown(new TypeError('boom'))).toBe(
    'The download failed: This browser could not save Qwen3 0.6B (boom). Try again; if it keeps failing, try another browser.',
  );
  expect(shown(unknownKind)).toBe('The download failed: Qwen3 0.6B did not arrive. Try again.');
});

test('the chat words every failure in its own language: English as the provider says it, Arabic with no English sentence', () => {
  const host = 'models.example';
  for (const f of failures) {
    const failure = (
      f.kind === 'storage' ? { kind: 'storage', detail: f.message } : f.kind === 'quota' ? f : { ...f, host }
    ) as ModelFailure;
    expect(CHAT_STRINGS_EN.modelFailure(failure)).toBe(downloadFailure(new ModelStoreError(f), 'Qwen3 0.6B', url));
    const arabic = CHAT_STRINGS_AR.modelFailure(failure);
    expect(arabic, f.kind).toMatch(/[\u0600-\u06FF]{3}/);
    expect(arabic.replaceAll(host, ''), f.kind).not.toMatch(/[A-Za-z]{3}/);
  }
  expect(CHAT_STRINGS_EN.modelFailure({ kind: 'other', label: 'Qwen3 0.6B', detail: 'boom' })).toBe(
    downloadFailure(new TypeError('boom'), 'Qwen3 0.6B', url),
  );
});
