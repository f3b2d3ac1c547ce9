import { StrictMode, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { McpChat, usePageTool } from 'mcp-web-elements/react';
import type { ChatServerConfig, McpChat as McpChatElement, ProviderConfig } from 'mcp-web-elements';
import type { McpToolCallEvent } from 'mcp-web-elements/events';

const params = new URLSearchParams(location.search);
// Objects, not attributes: @lit/react sets them as the element's properties.
const servers: ChatServerConfig[] = [{ url: params.get('server') ?? 'http://127.0.0.1:3001/mcp', name: 'demo' }];
const openai = params.get('openai');
const provider: ProviderConfig | undefined = openai
  ? { kind: 'openai', baseUrl: openai, apiKey: 'example-key', model: 'gpt-4o-mini' }
  : undefined;

function App() {
  const [lastCall, setLastCall] = useState('none yet');
  const onToolCall = (event: McpToolCallEvent) => setLastCall(`${event.toolUse.name} (${event.status})`);
  // A page tool for as long as App is mounted: on the chat once it takes page tools
  // (`chat.registerTool`), else on the page's WebMCP `document.modelContext`, which
  // `<mcp-chat page-tools>` imports and browser agents see.
  const chat = useRef<McpChatElement>(null);
  usePageTool(
    {
      name: 'last_tool_call',
      title: 'Last tool call',
      description: 'Which tool ran last on this page, and how it ended.',
      annotations: { readOnlyHint: true },
      execute: () => lastCall,
    },
    chat,
  );
  return (
    <main style={{ maxWidth: '48rem', margin: '0 auto', height: '100vh', display: 'flex', flexDirection: 'column' }}>
      <h1>React</h1>
      <p role="status">Last tool call: {lastCall}</p>
      <McpChat
        ref={chat}
        page-tools=""
        style={{ flex: 1, minHeight: 0 }}
        servers={servers}
        provider={provider}
        onMcpToolCall={onToolCall}
      />
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
