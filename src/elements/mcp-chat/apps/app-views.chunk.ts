// The MCP Apps part of the chat, loaded in idle time once a connected server
// lists a tool that has a view while `sandbox-url` is set (or at the first
// such call) (chunks.ts, `appViewChunk`): the
// <mcp-app-view> element, the views' controller (`AppViews`: creating views
// under their calls, an app's messages, calls and context) and the questions
// it asks under a view (`AppAsks`, with their style sheet), and the early
// reads of views' resources (`prewarmAppViews`). A chat whose servers have no
// apps, or that has no sandbox, never loads it.
import '../../mcp-app-view/mcp-app-view.js';

export { AppViews } from './app-views.js';
export { prewarmAppViews } from '../../mcp-app-view/app-prewarm.js';
export { appAskStyles } from './app-asks.styles.js';
