// The design tokens' names and built-in values, as plain data (no Lit): the
// page file's early frame (mcp-chat-placeholder) reads them before Lit arrives.
// tokens.ts turns them into the elements' stylesheet.
export const TOKEN_NAMES = [
  'color-accent',
  'color-accent-fg',
  'color-bg',
  'color-fg',
  'color-muted',
  'color-border',
  'color-danger',
  'color-surface',
  'color-warning',
  'color-success',
  'font-family',
  'font-mono',
  'radius',
  'space',
] as const;

/** One token name without its `--mcp-` prefix. */
export type TokenName = (typeof TOKEN_NAMES)[number];

const shared: Partial<Record<TokenName, string>> = {
  'font-family': 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  'font-mono': 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  radius: '8px',
  space: '8px',
};

/** Built-in values for light mode (used when the page sets no `--mcp-*`). */
export const LIGHT_TOKENS: Record<TokenName, string> = {
  'color-accent': '#2563eb',
  'color-accent-fg': '#ffffff',
  'color-bg': '#ffffff',
  'color-fg': '#18181b',
  'color-muted': '#52525b',
  'color-border': '#d4d4d8',
  'color-danger': '#b91c1c',
  'color-surface': '#f4f4f5',
  'color-warning': '#a16207',
  'color-success': '#15803d',
  ...shared,
} as Record<TokenName, string>;

/** Built-in values for dark mode. */
export const DARK_TOKENS: Record<TokenName, string> = {
  'color-accent': '#8ab4ff',
  'color-accent-fg': '#0b1020',
  'color-bg': '#151518',
  'color-fg': '#ececef',
  'color-muted': '#a1a1aa',
  'color-border': '#3f3f46',
  'color-danger': '#f87171',
  'color-surface': '#232328',
  'color-warning': '#facc15',
  'color-success': '#4ade80',
  ...shared,
} as Record<TokenName, string>;
