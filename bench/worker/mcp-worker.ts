// Bench only (bench/profile/twenty-worker.mjs): the chat's connections in a
// dedicated Worker. The library's `serveHub` (src/mcp/worker-hub-host.ts) runs a
// real McpHub here, recording the session trace as the chat's hub does; the
// page mirrors it with `WorkerHub` (bench/worker/connect-worker.chunk.ts).
import '../../src/content/no-eval.js';
import { McpHub } from '../../src/mcp/hub.js';
import { serveHub } from '../../src/mcp/worker-hub-host.js';

const hub = new McpHub();
// The chat's bound (src/elements/mcp-chat/servers/server-set.ts, CHAT_TRACE_BYTES).
hub.startTrace({ maxBytes: 2 * 1024 * 1024 });
serveHub(self as unknown as Parameters<typeof serveHub>[0], hub);
