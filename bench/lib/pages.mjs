// Shared by the benchmarks: what they do in the page (passed to Playwright's `page.evaluate`).

/**
 * In the page: imports `module` (the sources or a built bundle), mounts an
 * `<mcp-chat>` on the MCP server at `url` with no conversation store, waits
 * until it lists 500 tools (the fixture server's `/five-hundred/mcp`) and its
 * update is done, then `settleMs` more, and focuses the composer.
 */
export async function mountChatOn500Tools([url, module, settleMs = 0]) {
  await import(module);
  // The built page file defines the chat once its `chat` chunk has loaded (src/bundle-loader.ts).
  await customElements.whenDefined('mcp-chat');
  const chat = document.createElement('mcp-chat');
  chat.server = url;
  chat.store = null;
  document.body.append(chat);
  while (chat.serverSet.listTools().length < 500) await new Promise((r) => setTimeout(r, 50));
  await chat.updateComplete;
  if (settleMs) await new Promise((r) => setTimeout(r, settleMs));
  chat.shadowRoot.querySelector('textarea').focus();
}
