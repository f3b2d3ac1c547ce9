import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain JS: the reference server as sites run it
import { signToken } from '../../examples/sync-server/server.mjs';
import { INSTALL_POSTGRES, postgresBin, startPostgres, type RunningPostgres } from '../servers/postgres.js';
import { startSyncFaults, type SyncFaults } from '../servers/sync-faults.js';
import { startSyncServerProcess, type SyncServerProcess } from '../servers/sync-servers.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * Two instances of the reference sync server (examples/sync-server/server.mjs,
     * each its own process) against one real PostgreSQL; empty when PostgreSQL is
     * not installed (then `syncProblem` says how to install it).
     */
    syncUrls: string[];
    syncProblem: string;
    /** HS256 JWTs the servers accept: `alice` and `bob` are two people; `aliceExpired` expired an hour ago. */
    syncTokens: { alice: string; bob: string; aliceExpired: string };
    /** The servers' SYNC_SECRET, for tests that make a person of their own (test/browser/sync-support.ts). */
    syncSecret: string;
    /** The control server of test/servers/sync-faults.ts (its own PostgreSQL and server, a proxy with faults). */
    syncFaultsUrl: string;
  }
}

/** Starts PostgreSQL and two sync servers on free ports on 127.0.0.1; stops them all afterwards. */
export default async function setup(project: TestProject) {
  const secret = randomBytes(24).toString('hex');
  const sign = (claims: object): string => signToken(secret, claims);
  project.provide('syncSecret', secret);
  project.provide('syncTokens', {
    alice: sign({ sub: 'alice' }),
    bob: sign({ sub: 'bob' }),
    aliceExpired: sign({ sub: 'alice', exp: Math.floor(Date.now() / 1000) - 3600 }),
  });
  if (!postgresBin()) {
    project.provide('syncUrls', []);
    project.provide('syncFaultsUrl', '');
    project.provide('syncProblem', INSTALL_POSTGRES);
    return;
  }
  let postgres: RunningPostgres | undefined;
  const servers: SyncServerProcess[] = [];
  let faults: SyncFaults | undefined;
  try {
    postgres = await startPostgres();
    for (let i = 0; i < 2; i++) servers.push(await startSyncServerProcess({ databaseUrl: postgres.url, secret }));
    faults = await startSyncFaults(secret);
  } catch (error) {
    await Promise.allSettled(servers.map((s) => s.close()));
    postgres?.close();
    throw error;
  }
  project.provide(
    'syncUrls',
    servers.map((s) => s.url),
  );
  project.provide('syncFaultsUrl', faults.url);
  project.provide('syncProblem', '');
  return async () => {
    await Promise.allSettled([...servers.map((s) => s.close()), faults?.close()]);
    postgres?.close();
  };
}
