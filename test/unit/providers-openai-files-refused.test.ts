// An OpenAI-compatible server that takes no file parts (Ollama's OpenAI layer
// answers a `file` or `input_audio` part with 400 "invalid message format"):
// the turn still gets an answer, the model is told in words which file it could
// not be sent, and later requests do not try the refused form again.
import type { SamplingMessage } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { createOpenAICompatibleProvider } from '../../src/providers/index.js';
import { startFakeOllama } from '../fakes/fake-ollama.js';

const openaiUrl = inject('openaiUrl');
const root = new URL(openaiUrl).origin;
let ollama: Awaited<ReturnType<typeof startFakeOllama>>;
beforeAll(async () => {
  ollama = await startFakeOllama({ openaiUrl });
});
afterAll(() => ollama.close());

/** A person's message with a PDF attached (a blob resource block, as the composer makes it; sampling's types name no resource block). */
const withPdf = (text: string): SamplingMessage =>
  ({
    role: 'user' as const,
    content: [
      { type: 'text' as const, text },
      {
        type: 'resource' as const,
        resource: { uri: 'attachment:report.pdf', name: 'report.pdf', mimeType: 'application/pdf', blob: 'JVBERi0x' },
      },
    ],
  }) as never;

test('a PDF refused by an Ollama-like server: answered anyway, the model told the file was not sent; the next request sends text at once', async () => {
  const seen: string[] = [];
  const provider = createOpenAICompatibleProvider({
    baseURL: `${ollama.url}/v1`,
    model: 'llama3.2',
    stream: false,
    fetch: async (input, init) => {
      seen.push(String(init?.body ?? ''));
      return fetch(input, init);
    },
  });
  const result = await provider.createMessage({ messages: [withPdf('files-refused-1 [[say:Read it.]]')], maxTokens: 50 });
  expect(result.content).toEqual([{ type: 'text', text: 'Read it.' }]);
  const got = await (await fetch(`${root}/__last-request?contains=files-refused-1`)).json();
  const parts = got.body.messages.at(-1).content as Array<{ type: string; text?: string }>;
  expect(parts.map((p) => p.type)).toEqual(['text', 'text']);
  expect(parts[1]!.text).toMatch(/report\.pdf.*not sent/i);
  expect(seen).toHaveLength(2);

  // The same provider does not send the refused form again.
  await provider.createMessage({ messages: [withPdf('files-refused-2 [[say:Again.]]')], maxTokens: 50 });
  expect(seen).toHaveLength(3);
});

test('a request refused for another reason is tried once without files, then its error is said', async () => {
  let requests = 0;
  const provider = createOpenAICompatibleProvider({
    baseURL: openaiUrl,
    apiKey: 'k',
    model: 'gpt-4o-mini',
    stream: false,
    fetch: async (input, init) => (requests++, fetch(input, init)),
  });
  await expect(provider.createMessage({ messages: [withPdf('files-refused-3 [[error:400]]')], maxTokens: 50 })).rejects.toMatchObject({
    status: 400,
  });
  expect(requests).toBe(2);
});
