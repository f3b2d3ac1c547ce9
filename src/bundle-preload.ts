// Part of the single-file bundle only (src/bundle.ts imports it right after
// content/no-eval.ts; both are in dist/mcp-web-elements.js, the file a page
// loads). When the page has an <mcp-chat> with a server (or `auto`), the browser starts fetching the
// code that connects to servers (the `mcp` chunk: the MCP SDK, and the small
// chunks it imports) now, while the chat's own code is evaluated and paints
// the frame, instead of after it. `modulepreload` fetches and compiles
// without evaluating: the chat still paints before the SDK is evaluated.
// `__MCP_CHUNK__` is replaced at build time (vite.bundle.config.ts) by those
// files' paths relative to this file, separated by spaces.
// A chat with no server in its markup fetches none of it (issue 42): servers a
// person saved, or set as a property, load the chunk when the chat connects.
// Only from the built bundle: not from a dev server's or a test's sources (.ts).
if (
  typeof document !== 'undefined' &&
  !/\.ts($|\?)/.test(import.meta.url) &&
  document.querySelector('mcp-chat[server]:not([server=""]), mcp-chat[auto]')
) {
  for (const file of '__MCP_CHUNK__'.split(' ')) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = new URL(/* @vite-ignore */ file, import.meta.url).href;
    document.head.append(link);
  }
}
