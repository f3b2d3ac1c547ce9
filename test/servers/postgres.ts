// A throwaway PostgreSQL for tests, the demo and the benchmark: Debian's
// `postgresql` package (apt-get install postgresql), a data folder of its own
// under the system temp folder, a free port on 127.0.0.1. PostgreSQL refuses
// to run as root, so as root it runs as the `postgres` user.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './running-server.js';

/** The folder of PostgreSQL's programs (the newest installed), or undefined. */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

/** What to tell a person when PostgreSQL is not installed. */
export const INSTALL_POSTGRES = 'PostgreSQL is not installed: run `apt-get install postgresql` (Debian/Ubuntu) to test and demo sync.';

export interface RunningPostgres {
  url: string;
  port: number;
  /** Its folder (the data folder is `data` in it). */
  dir: string;
  /** Stops PostgreSQL (fast shutdown) keeping its data; `start()` brings it back on the same port. */
  stop(): void;
  start(): void;
  /** Stops it and deletes its data folder. */
  close(): void;
}

const PREFIX = 'mcp-sync-pg-';
/** The file in a cluster's folder naming the process that started it (its pid). */
const OWNER_FILE = 'owner.pid';

const alive = (pid: number): boolean => {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, another user's
  }
};

/**
 * Stops and deletes the throwaway clusters whose starter is gone (an interrupted
 * Vitest run, a killed demo): each folder names its starter's pid in `owner.pid`,
 * and its PostgreSQL's pid is the first line of `data/postmaster.pid`. A folder
 * whose starter still runs (another run on this machine) is left alone; one from
 * before owners were written is removed only when no PostgreSQL runs in it and it
 * is over an hour old. Answers the folders removed.
 */
export function cleanStalePostgres(root = tmpdir()): string[] {
  const removed: string[] = [];
  for (const name of readdirSync(root)) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = join(root, name);
    const read = (file: string) => {
      try {
        return readFileSync(join(dir, file), 'utf8');
      } catch {
        return undefined;
      }
    };
    const owner = read(OWNER_FILE);
    const postmaster = Number(read(join('data', 'postmaster.pid'))?.split('\n')[0]);
    if (owner === undefined) {
      let age = 0;
      try {
        age = Date.now() - statSync(dir).mtimeMs;
      } catch {
        continue;
      }
      if (alive(postmaster) || age < 3_600_000) continue;
    } else if (alive(Number(owner))) continue;
    if (alive(postmaster)) {
      try {
        process.kill(postmaster, 'SIGQUIT'); // PostgreSQL's immediate shutdown
      } catch {
        // gone meanwhile
      }
      // Wait (up to 10 s) until it is gone before its folder is deleted under it.
      const pause = new Int32Array(new SharedArrayBuffer(4));
      for (let i = 0; i < 200 && alive(postmaster); i++) Atomics.wait(pause, 0, 0, 50);
    }
    rmSync(dir, { recursive: true, force: true });
    removed.push(dir);
  }
  return removed;
}

/**
 * Starts a fresh PostgreSQL; throws {@link INSTALL_POSTGRES} when it is not installed.
 * Clusters left running by an interrupted run are stopped and deleted first ({@link cleanStalePostgres}).
 * `owner`: the pid named as its starter (default this process).
 */
export async function startPostgres(options: { port?: number; owner?: number } = {}): Promise<RunningPostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error(INSTALL_POSTGRES);
  cleanStalePostgres();
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), PREFIX));
  const data = join(dir, 'data');
  if (asRoot) {
    const ids = execFileSync('id', ['-u', 'postgres']).toString().trim();
    const gid = execFileSync('id', ['-g', 'postgres']).toString().trim();
    chownSync(dir, Number(ids), Number(gid));
  }
  const run = (program: string, args: string[]) => {
    const command = asRoot ? 'runuser' : join(bin, program);
    const argv = asRoot ? ['-u', 'postgres', '--', join(bin, program), ...args] : args;
    const result = spawnSync(command, argv, { encoding: 'utf8', cwd: dir });
    if (result.status !== 0) throw new Error(`${program} failed: ${result.stderr || result.stdout}`);
  };
  const port = options.port ?? (await freePort());
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const start = () =>
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  // Named once it runs: a folder without an owner is one being made (initdb), which another
  // run's cleanStalePostgres leaves alone (it deleted one mid-initdb when the owner came first).
  writeFileSync(join(dir, OWNER_FILE), String(options.owner ?? process.pid));
  let closed = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    stop,
    start,
    close() {
      if (closed) return;
      closed = true;
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
