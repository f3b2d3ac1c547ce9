import { createServer } from 'node:http';
import type { RunningServer } from '../servers/running-server.js';

/** The fake OpenAI-compatible and Anthropic servers (filled in by the providers work). */
export interface FakeProviders extends RunningServer {
  openaiUrl: string;
  anthropicUrl: string;
}

export async function startFakeProviders(): Promise<FakeProviders> {
  const server = createServer((_req, res) => {
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    openaiUrl: `${base}/openai/v1`,
    anthropicUrl: `${base}/anthropic/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
