import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, expect, it } from 'vitest';
import { freePort, waitForHttp } from '../servers/running-server.js';

// `npm run demo` (scripts/demo.mjs) with every port moved: each server listens
// where its variable says, and the demo pages are handed those addresses (the
// page's module, as Vite serves it, carries them), so no MCP App view points
// at a hard-coded 3002 or 3003.
let demo: ChildProcess | undefined;

afterAll(() => {
  // The demo's own process group: npx, tsx, vite and the example server.
  if (demo?.pid) {
    try {
      process.kill(-demo.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
});

/** Whether anything still listens at `url` (a refused connection: no). */
const answers = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
    () => true,
    () => false,
  );

it('PORT, SANDBOX_PORT, BASIC_PORT and DEMO_PAGE_PORT each move their server and reach the demo pages; stopping the demo stops every server', async () => {
  const [port, sandboxPort, basicPort, pagePort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const [syncPort, modelPort] = [await freePort(), await freePort()];
  demo = spawn(process.execPath, ['scripts/demo.mjs'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      BASIC_PORT: String(basicPort),
      DEMO_PAGE_PORT: String(pagePort),
      SYNC_PORT: String(syncPort),
      MODEL_PORT: String(modelPort),
    },
  });
  const server = `http://127.0.0.1:${port}/mcp`;
  const sandbox = `http://127.0.0.1:${sandboxPort}/mcp-app-sandbox.html`;
  const basic = `http://127.0.0.1:${basicPort}/mcp`;
  const page = `http://127.0.0.1:${pagePort}/`;
  // What the demo printed (its last 4,000 characters) and whether it ended: a failure says why, at once.
  let said = '';
  for (const stream of [demo.stdout!, demo.stderr!]) stream.on('data', (chunk) => (said = (said + String(chunk)).slice(-4000)));
  let ended: string | undefined;
  demo.once('exit', (code, signal) => (ended = String(code ?? signal)));
  const ready = async (url: string) => {
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (ended) throw new Error(`npm run demo ended (${ended}) before ${url} answered. It said:\n${said}`);
      try {
        return await waitForHttp(url, 2_000);
      } catch {
        if (Date.now() > deadline) throw new Error(`${url} did not answer within 90 s. The demo said:\n${said}`);
      }
    }
  };
  for (const url of [server, sandbox, basic, page]) await ready(url);

  expect((await fetch(sandbox)).status).toBe(200);
  const module = await (await fetch(`${page}chat-params.ts`)).text();
  expect(module).toContain(server);
  expect(module).toContain(sandbox);
  expect(module).toContain(basic);
  expect(module).not.toContain(`"VITE_SANDBOX_URL": "http://127.0.0.1:3002`);

  // Stopped as a process manager or `kill` stops it: a SIGTERM to the demo alone, not to its group.
  const models = `http://127.0.0.1:${modelPort}/demo/tiny-model.gguf`;
  const sync = `http://127.0.0.1:${syncPort}/`;
  await ready(models);
  process.kill(demo.pid!, 'SIGTERM');
  const urls = [server, sandbox, basic, page, models, sync];
  await expect.poll(async () => (await Promise.all(urls.map(answers))).filter(Boolean).length, { timeout: 20_000, interval: 250 }).toBe(0);
  // Nothing of the demo's process group is left (its servers were npx's grandchildren and outlived it).
  await expect
    .poll(
      () => {
        try {
          process.kill(-demo!.pid!, 0);
          return 'still running';
        } catch {
          return 'gone';
        }
      },
      { timeout: 20_000, interval: 250 },
    )
    .toBe('gone');
}, 120_000);

it('a port that is not a number stops the demo with a message naming the variable', async () => {
  const child = spawn(process.execPath, ['scripts/demo.mjs'], {
    env: { ...process.env, SANDBOX_PORT: 'abc' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk) => (output += chunk));
  const code = await new Promise((resolve) => child.on('close', resolve));
  expect(code).toBe(1);
  expect(output).toContain('SANDBOX_PORT=abc is not a port');
}, 30_000);
