import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort, waitForHttp, type RunningServer } from './running-server.js';

/**
 * Starts a third-party Node server (`entry`, with `args`) as a child process
 * on a free port given as `PORT`, pinned to 127.0.0.1 by the loopback preload
 * (such servers listen on every interface by themselves). Resolves once
 * `http://127.0.0.1:PORT/mcp` answers (within `timeoutMs`, default 20 s); `close()` stops it (SIGTERM, then SIGKILL).
 */
export async function startChildServer(label: string, entry: string, args: string[] = [], timeoutMs?: number): Promise<RunningServer> {
  const port = await freePort();
  const preload = fileURLToPath(new URL('./loopback.mjs', import.meta.url));
  const child = spawn(process.execPath, ['--import', preload, entry, ...args], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}/mcp`;
  try {
    await waitForHttp(url, timeoutMs);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${label} did not start: ${String(error)}\n${stderr}`);
  }
  return {
    url,
    async close() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}
