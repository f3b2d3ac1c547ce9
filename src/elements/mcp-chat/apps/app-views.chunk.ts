// The MCP Apps part of the chat, loaded at the first tool call whose tool has
// a view while `sandbox-url` is set (chunks.ts, `appViewChunk`): the
// <mcp-app-view> element, the views' controller (`AppViews`: creating views
// under their calls, an app's messages, calls and context) and the questions
// it asks under a view (`AppAsks`, with their style sheet). A chat whose
// servers have no apps, or that has no sandbox, never loads it.
import '../../mcp-app-view/mcp-app-view.js';

export { AppViews } from './app-views.js';
export { appAskStyles } from './app-asks.styles.js';
