// The reference sync server (examples/sync-server/server.mjs) as a child
// process, the way a site runs it: `node server.mjs` with DATABASE_URL, PORT,
// SYNC_SECRET and SYNC_ORIGINS.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { freePort } from './running-server.js';

const SERVER = resolve(import.meta.dirname, '../../examples/sync-server/server.mjs');

export interface SyncServerProcess {
  url: string;
  port: number;
  /** Kills it at once (SIGKILL), as a crash would. */
  kill(): Promise<void>;
  /** Starts it again on the same port. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** Starts `node examples/sync-server/server.mjs` and waits until it listens. */
export async function startSyncServerProcess(env: {
  databaseUrl: string;
  secret: string;
  origins?: string;
  port?: number;
}): Promise<SyncServerProcess> {
  const port = env.port ?? (await freePort());
  let child: ChildProcess | undefined;
  const start = () =>
    new Promise<void>((resolvePromise, reject) => {
      const proc = spawn(process.execPath, [SERVER], {
        env: {
          ...process.env,
          DATABASE_URL: env.databaseUrl,
          PORT: String(port),
          SYNC_SECRET: env.secret,
          SYNC_ORIGINS: env.origins ?? '*',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      let output = '';
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('listening on')) resolvePromise();
      };
      proc.stdout?.on('data', onData);
      proc.stderr?.on('data', onData);
      proc.once('exit', (code) => reject(new Error(`the sync server exited (${code}): ${output}`)));
    });
  const stopped = (proc: ChildProcess | undefined, signal: NodeJS.Signals) =>
    new Promise<void>((done) => {
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return done();
      proc.once('exit', () => done());
      proc.kill(signal);
    });
  await start();
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    kill: () => stopped(child, 'SIGKILL'),
    restart: async () => {
      await stopped(child, 'SIGKILL');
      await start();
    },
    close: () => stopped(child, 'SIGTERM'),
  };
}
