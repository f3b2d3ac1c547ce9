'use client';
import { useEffect, useState } from 'react';
import { McpChat, McpChatPlaceholder } from 'mcp-web-elements/react';
import type { ChatServerConfig } from 'mcp-web-elements';

/**
 * The chat, rendered on the server as its frame (header, empty area, composer)
 * and taken over by `<mcp-chat>` in the browser. Which server to use is read
 * from `?server=` after hydration, so the server HTML and the first client
 * render are the same.
 */
export function Chat() {
  const [servers, setServers] = useState<ChatServerConfig[]>([]);
  useEffect(() => {
    const url = new URLSearchParams(location.search).get('server') ?? 'http://127.0.0.1:3001/mcp';
    setServers([{ url, name: 'demo' }]);
  }, []);
  return (
    <McpChat servers={servers} style={{ flex: 1, minHeight: 0, marginBottom: 16 }}>
      <McpChatPlaceholder />
    </McpChat>
  );
}
