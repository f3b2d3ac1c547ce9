/** An MCP URL on 127.0.0.1 where nothing listens (a port the OS does not hand out to listeners). */
export async function freePortUrl(): Promise<string> {
  return 'http://127.0.0.1:9/mcp';
}
