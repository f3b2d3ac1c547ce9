import { expect, inject, test } from 'vitest';

test('everything server answers', async () => {
  const res = await fetch(inject('everythingUrl'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    }),
  });
  expect(res.status).toBe(200);
});
