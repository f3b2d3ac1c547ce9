// The chat of the single-file bundle (the `chat` chunk, dist/chunks/chat-*.js),
// which the page file (src/bundle-loader.ts, dist/mcp-web-elements.js) imports
// as soon as it has painted the chat's frame: it defines the elements. Small on
// purpose: <mcp-chat> paints its frame at once and loads the rest when first
// needed from the chunks beside this file (dist/chunks/: the MCP SDK to
// connect, markdown at the first answer, the model code when a model is
// used, panels when opened...). The other elements a page may use on their own
// are defined when the first of them appears in the document. The library's
// functions and classes are the ES modules of the package (`mcp-web-elements`,
// with a bundler), not this file.
// First, before the SDK or zod parses anything: no `new Function` probe (strict CSP, Trusted Types).
import './content/no-eval.js';
import './elements/mcp-chat/mcp-chat.js';

/** Elements defined when the first one appears in the document (each is a chunk). */
const onDemand: Record<string, () => Promise<unknown>> = {
  'mcp-elicit-form': () => import('./elements/mcp-elicit-form/mcp-elicit-form.js'),
  'mcp-sampling-approval': () => import('./elements/mcp-sampling-approval/mcp-sampling-approval.js'),
  'mcp-app-view': () => import('./elements/mcp-app-view/mcp-app-view.js'),
  'mcp-registry-search': () => import('./elements/mcp-registry-search/mcp-registry-search.js'),
  'mcp-tool': () => import('./elements/mcp-tool/mcp-tool.js'),
};

function defineWhatIsUsed(): void {
  for (const [tag, load] of Object.entries(onDemand)) {
    if (customElements.get(tag) || !document.querySelector(tag)) continue;
    delete onDemand[tag];
    load().catch((error: unknown) =>
      console.error(`mcp-web-elements: <${tag}> could not be loaded. Check your connection and reload the page.`, error),
    );
  }
  if (!Object.keys(onDemand).length) observer.disconnect();
}

const observer = new MutationObserver(defineWhatIsUsed);
observer.observe(document, { childList: true, subtree: true });
defineWhatIsUsed();
