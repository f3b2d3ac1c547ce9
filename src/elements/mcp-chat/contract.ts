// Types every feature of <mcp-chat> shares (a leaf: it imports nothing).

/** Where an error comes from (as `mcp-chat-error` reports it). */
export type ChatErrorSource = 'provider' | 'history' | 'server' | 'import' | 'tool';
