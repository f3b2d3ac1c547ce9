import { expect, test } from 'vitest';
import { fetchModelIds } from '../../src/elements/mcp-chat/model/provider-factory.js';

// "List models" in Settings: when the endpoint cannot be reached, the reason
// names the service the person picked.

test('Ollama that does not answer: the reason names Ollama, not an OpenAI-compatible service', async () => {
  const error = await fetchModelIds({ kind: 'ollama', baseUrl: 'http://127.0.0.1:9/v1' }).catch((e: unknown) => e);
  expect(error).toMatchObject({ kind: 'network', provider: 'ollama' });
  expect((error as Error).message).toContain('Could not reach Ollama at http://127.0.0.1:9');
  expect((error as Error).message).not.toContain('OpenAI-compatible');
});
