import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { McpChat } from 'mcp-web-elements/react';
import type { ChatServerConfig, ProviderConfig } from 'mcp-web-elements';
import type { McpToolCallEvent } from 'mcp-web-elements/events';

const params = new URLSearchParams(location.search);
// Objects, not attributes: @lit/react sets them as the element's properties.
const servers: ChatServerConfig[] = [{ url: params.get('server') ?? 'http://127.0.0.1:3001/mcp', name: 'demo' }];
const openai = params.get('openai');
const provider: ProviderConfig | undefined = openai ? { kind: 'openai', baseUrl: openai, apiKey: 'example-key', model: 'gpt-4o-mini' } : undefined;

function App() {
  const [lastCall, setLastCall] = useState('none yet');
  const onToolCall = (event: McpToolCallEvent) => setLastCall(`${event.toolUse.name} (${event.status})`);
  return (
    <main style={{ maxWidth: '48rem', margin: '0 auto', height: '100vh', display: 'flex', flexDirection: 'column' }}>
      <h1>React</h1>
      <p role="status">Last tool call: {lastCall}</p>
      <McpChat style={{ flex: 1, minHeight: 0 }} servers={servers} provider={provider} onMcpToolCall={onToolCall} />
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
