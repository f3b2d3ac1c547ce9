// The chat's frame as plain HTML, for server rendering (Next.js, Astro, any
// page generator). Put inside `<mcp-chat>` on the server, it shows the chat's
// header, empty conversation and composer outline at the chat's own size until
// the element's script runs. It carries `slot="placeholder"`, a slot the
// chat's shadow root does not have: once the element is defined and renders
// its shadow root, the placeholder is not shown, and it stays in the light DOM
// untouched, so a framework hydrating the same markup finds what it rendered
// (no hydration mismatch). Pure strings: safe to import on a server with no DOM.
import { DARK_TOKENS, LIGHT_TOKENS, TOKEN_NAMES, type TokenName } from '../shared/token-values.js';

/** What the placeholder shows; each should match what the chat will show. */
export interface ChatPlaceholderOptions {
  /** The header's title, as the chat's `title` slot or strings show it (default `Chat`). */
  title?: string;
  /** The composer's hint (default `Message, or type / for tools`, the chat's own). */
  message?: string;
  /** Said to screen readers while the chat loads (default `Loading the chat…`). */
  label?: string;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page's `--mcp-*` token if set, else the built-in light or dark value (as `tokens.ts` resolves them). */
function tokenDeclarations(values: Record<TokenName, string>): string {
  return TOKEN_NAMES.map((name) => `--_mcpp-${name}:var(--mcp-${name},${values[name]});`).join('');
}

const P = 'mcp-chat>.mcp-chat-placeholder';

/**
 * The placeholder's stylesheet. Every rule is scoped to `mcp-chat:not(:defined)`
 * or to the placeholder itself, so it changes nothing once the element is
 * defined. The host rules repeat the chat's own `:host` rules (`display`,
 * `height: var(--mcp-chat-height, 600px)`, the launcher's corner button) so the
 * box does not change size when the element takes over.
 */
export const CHAT_PLACEHOLDER_CSS = [
  'mcp-chat:not(:defined){display:block;position:relative;height:var(--mcp-chat-height,600px);font-size:var(--mcp-chat-font-size,15px);line-height:1.55;container:mcp-chat-placeholder/inline-size}',
  'mcp-chat[hidden]:not(:defined){display:none}',
  'mcp-chat[launcher]:not(:defined){position:fixed;inset-block-end:20px;inset-inline-end:20px;width:56px;height:56px;z-index:var(--mcp-chat-z-index,1000)}',
  "mcp-chat[launcher][launcher-position$='start']:not(:defined){inset-inline-end:auto;inset-inline-start:20px}",
  "mcp-chat[launcher][launcher-position^='top']:not(:defined){inset-block-end:auto;inset-block-start:20px}",
  `${P}{${tokenDeclarations(LIGHT_TOKENS)}display:block;height:100%;box-sizing:border-box;font-family:var(--_mcpp-font-family);color:var(--_mcpp-color-fg)}`,
  `@media (prefers-color-scheme:dark){mcp-chat:not([theme='light'])>.mcp-chat-placeholder{${tokenDeclarations(DARK_TOKENS)}}}`,
  `mcp-chat[theme='dark']>.mcp-chat-placeholder{${tokenDeclarations(DARK_TOKENS)}}`,
  `${P} *{box-sizing:border-box}`,
  `${P} .mcpp-frame{display:grid;grid-template-rows:auto minmax(0,1fr) auto;height:100%;background:var(--_mcpp-color-bg);border:1px solid var(--_mcpp-color-border);border-radius:var(--_mcpp-radius);overflow:hidden}`,
  `${P} .mcpp-header{display:flex;align-items:center;min-height:52px;padding-block:8px;padding-inline:16px 8px;border-bottom:1px solid var(--_mcpp-color-border)}`,
  `${P} .mcpp-title{font-weight:600;font-size:1.0625em;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}`,
  `${P} .mcpp-bottom{padding:8px 16px 12px}`,
  `${P} .mcpp-composer{display:flex;align-items:center;gap:4px;max-width:var(--mcp-chat-column-width,48rem);margin-inline:auto;min-height:50px;padding:6px;border:1px solid var(--_mcpp-color-border);border-radius:var(--mcp-chat-composer-radius,20px);box-shadow:0 1px 2px rgb(0 0 0/.05)}`,
  `${P} .mcpp-composer svg{flex:none;width:36px;height:18px;fill:none;stroke:var(--_mcpp-color-muted);stroke-width:2;stroke-linecap:round;stroke-linejoin:round}`,
  `${P} .mcpp-hint{flex:1;min-width:0;padding-inline:4px;color:var(--_mcpp-color-muted);white-space:nowrap;overflow:hidden;text-overflow:ellipsis}`,
  // The chat's narrow layout (its container queries at 639 and 479 px): the composer and title move out to the edges.
  `@container mcp-chat-placeholder (max-width:639px){${P} .mcpp-bottom{padding:8px}}`,
  `@container mcp-chat-placeholder (max-width:479px){${P} .mcpp-header{padding-inline-start:12px}}`,
  `${P} .mcpp-send{flex:none;width:36px;height:36px;border-radius:50%;background:var(--_mcpp-color-accent);opacity:.55}`,
  `${P} .mcpp-launcher{display:none;place-items:center;width:56px;height:56px;border-radius:50%;background:var(--_mcpp-color-accent);box-shadow:0 8px 28px rgb(0 0 0/.16),0 1px 3px rgb(0 0 0/.08)}`,
  `mcp-chat[launcher]>.mcp-chat-placeholder .mcpp-frame{display:none}`,
  `mcp-chat[launcher]>.mcp-chat-placeholder .mcpp-launcher{display:grid}`,
  `${P} .mcpp-launcher svg{width:26px;height:26px;fill:none;stroke:var(--_mcpp-color-accent-fg);stroke-width:2;stroke-linecap:round;stroke-linejoin:round}`,
  `${P} .mcpp-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}`,
].join('\n');

const PAPERCLIP =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="m21.44 11.05-9.19 9.19a6 6 0 0 1-8.49-8.49l8.57-8.57A4 4 0 1 1 18 8.84l-8.59 8.57a2 2 0 0 1-2.83-2.83l8.49-8.48"/></svg>';

const BUBBLE = '<svg viewBox="0 0 24 24"><path d="M7.9 20A9 9 0 1 0 4 16.1L2 22Z"/></svg>';

/**
 * The inside of the placeholder (its stylesheet and frame), without the
 * wrapping element: for frameworks that render the wrapper themselves (the
 * React `McpChatPlaceholder` sets it as the wrapper's inner HTML).
 */
export function chatPlaceholderInnerHtml(options: ChatPlaceholderOptions = {}): string {
  const title = escape(options.title ?? 'Chat');
  const message = escape(options.message ?? 'Message, or type / for tools');
  const label = escape(options.label ?? 'Loading the chat…');
  return (
    `<style>${CHAT_PLACEHOLDER_CSS}</style>` +
    `<span class="mcpp-sr">${label}</span>` +
    `<div class="mcpp-frame" aria-hidden="true">` +
    `<div class="mcpp-header"><span class="mcpp-title">${title}</span></div>` +
    `<div></div>` +
    `<div class="mcpp-bottom"><div class="mcpp-composer">${PAPERCLIP}<span class="mcpp-hint">${message}</span><span class="mcpp-send"></span></div></div>` +
    `</div>` +
    `<span class="mcpp-launcher" aria-hidden="true">${BUBBLE}</span>`
  );
}

/** The attributes of the placeholder's wrapping element (`slot="placeholder"` keeps it out of the chat once defined). */
export const CHAT_PLACEHOLDER_ATTRIBUTES = { slot: 'placeholder', class: 'mcp-chat-placeholder', role: 'status' } as const;

/**
 * The chat's frame as an HTML string, to put inside `<mcp-chat>` in server
 * rendered HTML: `<mcp-chat>${chatPlaceholderHtml()}</mcp-chat>`. Shows a
 * header, the empty conversation and the composer's outline, at the chat's
 * size (`--mcp-chat-height`, 600px by default, or the size the page gives the
 * element) and in its colours (the page's `--mcp-*` tokens, light or dark,
 * the `theme` attribute); with `launcher`, the round corner button. Nothing of
 * it shows once the element is defined. Text in `options` is escaped.
 */
export function chatPlaceholderHtml(options: ChatPlaceholderOptions = {}): string {
  const { slot, class: className, role } = CHAT_PLACEHOLDER_ATTRIBUTES;
  return `<div slot="${slot}" class="${className}" role="${role}">${chatPlaceholderInnerHtml(options)}</div>`;
}
