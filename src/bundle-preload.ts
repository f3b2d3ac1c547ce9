// Part of the single-file bundle only (src/bundle.ts imports it first; it is
// in the small chunk evaluated first). When the page has an <mcp-chat>, the
// browser starts fetching the code that connects to servers (the `mcp` chunk:
// the MCP SDK) now, in parallel with the chat's own chunk, instead of after
// the chat has painted. `modulepreload` fetches and compiles without
// evaluating: the chat still paints before the SDK is evaluated.
// `__MCP_CHUNK__` is replaced by the chunk's file name at build time
// (vite.bundle.config.ts).
// Only from the built bundle (its chunks live in chunks/): not from a dev server's sources.
if (typeof document !== 'undefined' && import.meta.url.includes('/chunks/') && document.querySelector('mcp-chat')) {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = new URL(/* @vite-ignore */ './__MCP_CHUNK__', import.meta.url).href;
  document.head.append(link);
}
