import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { freePort, waitForHttp, type RunningServer } from './running-server.js';

const require = createRequire(import.meta.url);

/**
 * Starts `@modelcontextprotocol/server-everything` (2025 era, Streamable HTTP)
 * as a child process bound to 127.0.0.1. Its `/mcp` endpoint is the URL.
 */
export async function startEverything(): Promise<RunningServer> {
  const port = await freePort();
  const entry = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
  const preload = fileURLToPath(new URL('./loopback.mjs', import.meta.url));
  const child = spawn(process.execPath, ['--import', preload, entry, 'streamableHttp'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}/mcp`;
  try {
    await waitForHttp(url);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`server-everything did not start: ${String(error)}\n${stderr}`);
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
