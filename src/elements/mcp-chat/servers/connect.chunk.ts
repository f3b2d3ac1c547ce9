// What <mcp-chat> loads to connect to servers: the MCP SDK client (with zod
// and the SDK's schemas, built when this module is evaluated) behind McpHub.
// A dynamic import of ServerSet, so the chat paints its frame first. The
// first-load figure of `npm run size` counts this module (FIRST_LOAD_LAZY).
import '../../../content/no-eval.js';
export { McpHub } from '../../../mcp/hub.js';
export { hubToolHost } from '../../../agent/hub-tools.js';
export { connectionConfig } from './auth.js';
