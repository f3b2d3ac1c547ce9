// expect: Type 'McpToolCallEvent' is not assignable to type 'number'
// expect: Type 'number' is not assignable to type
import { McpChat } from 'mcp-web-elements/react';

export function WrongUsage() {
  // A handler that takes a number, and servers that are a number.
  return <McpChat onMcpToolCall={(count: number) => console.log(count.toFixed(1))} servers={42} />;
}
