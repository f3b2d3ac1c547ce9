// The Worker of `<mcp-chat connections="worker">` (issue 42, item 3): a real
// McpHub (the MCP SDK, zod, the fetch tap) served to the chat's `WorkerHub` on
// the page (worker-hub.ts), so the page's main thread does none of the
// connections' work. The chat starts it with
// `new Worker(new URL('…/mcp/mcp-worker.js', import.meta.url), { type: 'module' })`
// (elements/mcp-chat/servers/connect-worker.chunk.ts): the single-file bundle
// ships it as dist/chunks/mcp-worker-*.js, the package's modules as
// dist/mcp/mcp-worker.js, which bundlers find by that pattern.
import '../content/no-eval.js';
import type { WorkerEndpoint } from './worker-hub-protocol.js';
import { serveHub } from './worker-hub-host.js';

serveHub(self as unknown as WorkerEndpoint);
