import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort, waitForHttp, type RunningServer } from './running-server.js';

/**
 * Starts one of the official MCP Apps example servers from npm
 * (`@modelcontextprotocol/server-basic-vanillajs` or `-react`) over
 * Streamable HTTP, as a child process bound to 127.0.0.1 (they listen on every
 * interface by themselves: the loopback preload pins them). 2025 era only
 * (stateless); they send permissive CORS.
 */
export async function startAppExample(name: 'basic-vanillajs' | 'basic-react'): Promise<RunningServer> {
  const port = await freePort();
  // The packages export only their server module; the HTTP entry (their `bin`) is dist/index.js.
  const entry = fileURLToPath(new URL(`../../node_modules/@modelcontextprotocol/server-${name}/dist/index.js`, import.meta.url));
  const preload = fileURLToPath(new URL('./loopback.mjs', import.meta.url));
  const child = spawn(process.execPath, ['--import', preload, entry], {
    env: { ...process.env, PORT: String(port), NODE_ENV: 'production' },
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
    throw new Error(`server-${name} did not start: ${String(error)}\n${stderr}`);
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
