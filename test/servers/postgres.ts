// A throwaway PostgreSQL for tests, the demo and the benchmark: Debian's
// `postgresql` package (apt-get install postgresql), a data folder of its own
// under the system temp folder, a free port on 127.0.0.1. PostgreSQL refuses
// to run as root, so as root it runs as the `postgres` user.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './running-server.js';

/** The folder of PostgreSQL's programs (the newest installed), or undefined. */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl'))).sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

/** What to tell a person when PostgreSQL is not installed. */
export const INSTALL_POSTGRES = 'PostgreSQL is not installed: run `apt-get install postgresql` (Debian/Ubuntu) to test and demo sync.';

export interface RunningPostgres {
  url: string;
  port: number;
  /** Stops PostgreSQL (fast shutdown) keeping its data; `start()` brings it back on the same port. */
  stop(): void;
  start(): void;
  /** Stops it and deletes its data folder. */
  close(): void;
}

/** Starts a fresh PostgreSQL; throws {@link INSTALL_POSTGRES} when it is not installed. */
export async function startPostgres(options: { port?: number } = {}): Promise<RunningPostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error(INSTALL_POSTGRES);
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'mcp-sync-pg-'));
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
  const start = () => run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  let closed = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
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
