import React, { useEffect } from 'react';
import { McpChatPlaceholder } from 'mcp-web-elements/react';

export default function Root({ children }) {
  useEffect(() => {
    import('mcp-web-elements/elements');
  }, []);
  return (
    <>
      {children}
      <mcp-chat auto="" launcher="">
        <McpChatPlaceholder />
      </mcp-chat>
    </>
  );
}
