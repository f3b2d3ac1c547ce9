// The HTTP sync adapter asks the page for a token once more on a 401, once: a
// fresh token that is refused too means the person must sign in again (issue
// 38, history-sync-faults' "a token refused twice is said and not asked again by
// itself"). A race made that three: a request that began with the fresh token
// while the request that asked for it still waited, and got its 401 first,
// asked once more. A real HTTP server on 127.0.0.1 refuses every token; it
// holds the first request sent with the fresh token so the second one's 401
// comes back first.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { HttpSyncAdapter } from '../../src/history/sync/http-adapter.js';

let base = '';
const held: Array<() => void> = [];
let freshSeen = 0;
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  const refuse = () => res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'token expired' }));
  if (req.headers.authorization === 'Bearer fresh' && ++freshSeen === 1) held.push(refuse);
  else refuse();
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sync`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('a request that began with the fresh token and is refused first does not ask the page a third time', async () => {
  let asked = 0;
  let second: Promise<unknown> | undefined;
  let adapter!: HttpSyncAdapter;
  adapter = new HttpSyncAdapter(base, () => {
    asked++;
    // The page is asked for a fresh token: another request starts now and will use it.
    if (asked === 2) queueMicrotask(() => (second = adapter.pull(undefined, 10).catch((e: unknown) => e)));
    return asked === 1 ? 'expired' : 'fresh';
  });
  const first = adapter.pull(undefined, 10).catch((e: unknown) => e);
  // Once the second request's 401 has been handled, the held one is answered.
  await expect.poll(() => (second ? held.length : 0), { interval: 5 }).toBe(1);
  const secondError = await second;
  held.shift()!();
  const firstError = await first;
  expect(asked).toBe(2);
  expect(firstError).toMatchObject({ kind: 'unauthorized' });
  expect(secondError).toMatchObject({ kind: 'unauthorized' });
});
