// An interrupted Vitest run (or a killed demo) leaves its throwaway PostgreSQL
// running: the next start stops and deletes each cluster whose starter is gone,
// and leaves alone those of a run still going (test/servers/postgres.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { startPostgres, type RunningPostgres } from '../servers/postgres.js';

const started: RunningPostgres[] = [];
afterEach(() => {
  for (const p of started.splice(0)) p.close();
});

const postmasterPid = (p: RunningPostgres) => Number(readFileSync(join(p.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

test('starting a PostgreSQL stops and deletes the clusters whose starter is gone, and keeps those of a live one', async () => {
  const live = await startPostgres(); // its starter: this process, still running
  started.push(live);
  const livePid = postmasterPid(live);
  // A starter that has exited, as an interrupted run's Vitest has.
  const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  const stale = await startPostgres({ owner: Number(gone.stdout) });
  started.push(stale);
  const stalePid = postmasterPid(stale);
  expect(running(stalePid)).toBe(true);

  const next = await startPostgres();
  started.push(next);
  expect(running(stalePid)).toBe(false);
  expect(existsSync(stale.dir)).toBe(false);
  expect(running(livePid)).toBe(true);
  expect(existsSync(live.dir)).toBe(true);
}, 60_000);
