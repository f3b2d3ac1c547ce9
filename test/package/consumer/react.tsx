// The React entry, typed: objects as props, typed on… event props.
import { McpChat, McpElicitForm, McpSamplingApproval } from 'mcp-web-elements/react';
import type { McpToolCallEvent } from 'mcp-web-elements/events';

export function App({ onCall }: { onCall: (name: string) => void }) {
  return (
    <>
      <McpChat
        servers={[{ url: 'http://127.0.0.1:3001/mcp', name: 'demo' }]}
        provider={{ kind: 'openai', model: 'gpt-4o-mini' }}
        maxRounds={4}
        onMcpToolCall={(event: McpToolCallEvent) => onCall(event.toolUse.name)}
        onMcpTurnEnd={(event) => console.log(event.reason)}
      />
      <McpElicitForm onMcpElicitResponse={(event) => console.log(event.type)} />
      <McpSamplingApproval onMcpSamplingResponse={(event) => console.log(event.type)} />
    </>
  );
}
