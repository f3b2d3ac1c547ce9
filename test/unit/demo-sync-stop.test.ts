import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../servers/running-server.js';

// The demo's sync server (demo/server/sync.ts) stopped while its PostgreSQL is
// still starting: it ends, and its PostgreSQL folder is gone. Its own TMPDIR,
// so the folder is told apart from those of tests running beside it.
const tmp = mkdtempSync(join(tmpdir(), 'demo-sync-stop-'));
// Run as root, PostgreSQL runs as the postgres user, who must reach its folder in here.
chmodSync(tmp, 0o755);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

it('a demo stopped while its PostgreSQL is starting leaves no PostgreSQL folder behind', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'demo/server/sync.ts'], {
    env: { ...process.env, TMPDIR: tmp, SYNC_PORT: String(await freePort()), SYNC_SECRET: 'x'.repeat(32) },
    stdio: 'ignore',
  });
  const ended = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const folders = () => (existsSync(tmp) ? readdirSync(tmp).filter((f) => f.startsWith('mcp-sync-pg-')) : []);
  // Stopped as soon as its folder exists: PostgreSQL is being made (initdb) or started.
  await expect.poll(folders, { timeout: 60_000, interval: 20 }).toHaveLength(1);
  child.kill('SIGTERM');
  expect(await ended).toBe(0);
  expect(folders()).toEqual([]);
}, 90_000);
