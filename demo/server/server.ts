import { createServer } from 'node:http';

/** Placeholder until the demo server lands: answers 404 on 127.0.0.1. */
export async function startDemoServer(options: { port?: number; host?: string } = {}) {
  const server = createServer((_req, res) => res.writeHead(404).end());
  await new Promise<void>((resolve) => server.listen(options.port ?? 3001, options.host ?? '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
