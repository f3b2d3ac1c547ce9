// The try-it block's frame as plain HTML, for server rendering (VitePress,
// Docusaurus, Starlight, Astro, Next.js, any page generator), like the chat's
// (../mcp-chat-placeholder/chat-placeholder.ts). Put inside `<mcp-tool>` on
// the server, it shows the block's card: the tool's title and server, an
// outline of each field the owner names, and the Run button, in the block's
// colours, until the element's script runs. It carries `slot="placeholder"`, a
// slot the block's shadow root does not have: once the element is defined, the
// frame is not shown and stays in the light DOM untouched (no hydration
// mismatch). Pure strings: safe to import on a server with no DOM.
import { DARK_TOKENS, LIGHT_TOKENS, TOKEN_NAMES, type TokenName } from '../shared/token-values.js';

/** What the frame shows; each should match what the block will show. */
export interface ToolPlaceholderOptions {
  /** The tool's title, as its server gives it (default: `tool`, else `Tool`). */
  title?: string;
  /** The tool's name (the `tool` attribute): the title when no `title` is given. */
  tool?: string;
  /** The server's address (the `server` attribute): its host is shown beside the title, as the block shows it. */
  server?: string;
  /** The labels of the tool's fields, in order: an outline is drawn for each, so the block takes about the same room. */
  fields?: string[];
  /** Said to screen readers while the block loads (default `Loading the try-it block for <title>…`). */
  label?: string;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function tokenDeclarations(values: Record<TokenName, string>): string {
  return TOKEN_NAMES.map((name) => `--_mcptp-${name}:var(--mcp-${name},${values[name]});`).join('');
}

/** The host of an address as the block shows it (`hostOf` in src/mcp, without importing it: this file stays DOM- and SDK-free). */
function hostOf(server: string): string {
  try {
    return new URL(server).host || server;
  } catch {
    return server;
  }
}

const P = 'mcp-tool>.mcp-tool-placeholder';

/**
 * The frame's stylesheet, every rule scoped to `mcp-tool:not(:defined)` or to
 * the frame itself. Sizes repeat `<mcp-tool>`'s own (mcp-tool.styles.ts): the
 * card's padding, gaps, border and radius, the header's badge, a field's label
 * and 36 px input, the 36 px Run button.
 */
export const TOOL_PLACEHOLDER_CSS = [
  'mcp-tool:not(:defined){display:block;font-size:15px;line-height:1.5;container-type:inline-size}',
  'mcp-tool[hidden]:not(:defined){display:none}',
  `${P}{${tokenDeclarations(LIGHT_TOKENS)}display:block;font-family:var(--_mcptp-font-family);color:var(--_mcptp-color-fg)}`,
  `@media (prefers-color-scheme:dark){mcp-tool:not([theme='light'])>.mcp-tool-placeholder{${tokenDeclarations(DARK_TOKENS)}}}`,
  `mcp-tool[theme='dark']>.mcp-tool-placeholder{${tokenDeclarations(DARK_TOKENS)}}`,
  `${P} *{box-sizing:border-box}`,
  `${P} .mcptp-base{display:flex;flex-direction:column;gap:12px;padding:16px;border:1px solid var(--mcp-tool-border,var(--_mcptp-color-border));border-radius:var(--mcp-tool-radius,12px);background:var(--mcp-tool-bg,var(--_mcptp-color-bg))}`,
  `${P} .mcptp-header{display:flex;align-items:center;gap:8px;min-width:0;flex-wrap:wrap}`,
  `${P} .mcptp-badge{width:28px;height:28px;border-radius:8px;background:var(--_mcptp-color-surface);flex:none}`,
  `${P} .mcptp-title{font-weight:600;font-size:1.0625em;overflow-wrap:anywhere}`,
  `${P} .mcptp-server{color:var(--_mcptp-color-muted);font-family:var(--_mcptp-font-mono);font-size:.8125em;overflow-wrap:anywhere}`,
  `${P} .mcptp-field{display:flex;flex-direction:column;gap:4px;font-weight:500;font-size:.9375em}`,
  `${P} .mcptp-input{display:block;width:100%;max-width:28rem;height:36px;border:1px solid var(--mcp-tool-border,var(--_mcptp-color-border));border-radius:8px}`,
  `${P} .mcptp-run{display:inline-flex;align-items:center;align-self:flex-start;min-height:36px;padding:6px 16px;border-radius:8px;background:var(--mcp-tool-accent,var(--_mcptp-color-accent));color:var(--_mcptp-color-accent-fg);font-weight:600;opacity:.55}`,
  `@container (max-width:420px){${P} .mcptp-base{padding:12px}${P} .mcptp-input{max-width:none}}`,
  `${P} .mcptp-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}`,
].join('\n');

/** The inside of the frame (its stylesheet and card), without the wrapping element. */
export function toolPlaceholderInnerHtml(options: ToolPlaceholderOptions = {}): string {
  const title = options.title ?? options.tool ?? 'Tool';
  const label = options.label ?? `Loading the try-it block for ${title}…`;
  const fields = (options.fields ?? [])
    .map((f) => `<span class="mcptp-field">${escape(f)}<span class="mcptp-input"></span></span>`)
    .join('');
  return (
    `<style>${TOOL_PLACEHOLDER_CSS}</style>` +
    `<span class="mcptp-sr">${escape(label)}</span>` +
    `<div class="mcptp-base" aria-hidden="true">` +
    `<div class="mcptp-header"><span class="mcptp-badge"></span><span class="mcptp-title">${escape(title)}</span>` +
    (options.server ? `<span class="mcptp-server">${escape(hostOf(options.server))}</span>` : '') +
    `</div>${fields}<span class="mcptp-run">Run</span></div>`
  );
}

/** The attributes of the frame's wrapping element (`slot="placeholder"` keeps it out of the block once defined). */
export const TOOL_PLACEHOLDER_ATTRIBUTES = { slot: 'placeholder', class: 'mcp-tool-placeholder', role: 'status' } as const;

/**
 * The try-it block's frame as an HTML string, to put inside `<mcp-tool>` in
 * server-rendered HTML: `<mcp-tool server="/mcp" tool="search">${toolPlaceholderHtml({ tool: 'search', fields: ['Query'] })}</mcp-tool>`.
 * Shows the card with the title, the server's host, an outline per named
 * field and the Run button, in the page's `--mcp-*` colours (light or dark,
 * the `theme` attribute), until the element is defined. Text in `options` is
 * escaped.
 */
export function toolPlaceholderHtml(options: ToolPlaceholderOptions = {}): string {
  const { slot, class: className, role } = TOOL_PLACEHOLDER_ATTRIBUTES;
  return `<div slot="${slot}" class="${className}" role="${role}">${toolPlaceholderInnerHtml(options)}</div>`;
}
