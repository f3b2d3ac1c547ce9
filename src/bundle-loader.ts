// The file a page loads: dist/mcp-web-elements.js (vite.bundle.config.ts,
// `pageFile`, builds this module and the little it imports into that one
// file, a few kilobytes). It paints the frame of every <mcp-chat> on the page
// (a composer a person can already type in), starts fetching the SDK when a
// chat has a server (bundle-preload.ts), and imports the chat itself
// (src/bundle.ts: the `chat` chunk, dist/chunks/chat-*.js), all at once
// rather than one after the other. When the chat has rendered, it takes what
// was typed in the frame. `__CHAT_CHUNK__` is replaced at build time by the
// chat chunk's path relative to this file: a plain relative `import()`, which
// a bundler that takes in `mcp-web-elements/bundle` follows like any other.
// Only from the built bundle: its sources (.ts) are not loaded by pages.
import './bundle-preload.js';
import { adoptEarlyFrames, paintEarlyFrames } from './elements/mcp-chat-placeholder/early-frame.js';

paintEarlyFrames();
// The chat chunk's own static imports (`__CHAT_IMPORTS__`, put in at build time), fetched beside it rather than after it.
for (const file of '__CHAT_IMPORTS__'.split(' ').filter(Boolean)) {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = new URL(/* @vite-ignore */ file, import.meta.url).href;
  document.head.append(link);
}
import('__CHAT_CHUNK__').then(
  () => adoptEarlyFrames(),
  (error: unknown) => console.error('mcp-web-elements: the chat could not be loaded. Check your connection and reload the page.', error),
);
