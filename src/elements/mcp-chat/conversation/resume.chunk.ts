// What <mcp-chat> loads when a reopened conversation ends in tool calls that ran as MCP tasks: following them to their results.
export { resumeTasks } from './chat-resume.js';
