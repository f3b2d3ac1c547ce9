import { css, unsafeCSS, type CSSResult } from 'lit';

/**
 * The global design tokens every mcp-elements element reads.
 *
 * Pages theme all elements at once by setting the public `--mcp-*` custom
 * properties (on `:root`, on a container, or on an element). Inside an element,
 * styles read the resolved private copies `--_mcp-*` (same names with a leading
 * underscore), which fall back to the built-in light or dark values.
 *
 * Light and dark: the built-in values follow `prefers-color-scheme`; a `theme`
 * attribute on an element (`theme="light"` or `theme="dark"`) forces one.
 * Elements that render other elements pass their `theme` down.
 */
export const TOKEN_NAMES = [
  'color-accent',
  'color-accent-fg',
  'color-bg',
  'color-fg',
  'color-muted',
  'color-border',
  'color-danger',
  'color-surface',
  'font-family',
  'radius',
  'space',
] as const;

/** One token name without its `--mcp-` prefix. */
export type TokenName = (typeof TOKEN_NAMES)[number];

const shared: Partial<Record<TokenName, string>> = {
  'font-family': 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  radius: '6px',
  space: '8px',
};

/** Built-in values for light mode (used when the page sets no `--mcp-*`). */
export const LIGHT_TOKENS: Record<TokenName, string> = {
  'color-accent': '#1d4ed8',
  'color-accent-fg': '#ffffff',
  'color-bg': '#ffffff',
  'color-fg': '#111827',
  'color-muted': '#4b5563',
  'color-border': '#9ca3af',
  'color-danger': '#b91c1c',
  'color-surface': '#f3f4f6',
  ...shared,
} as Record<TokenName, string>;

/** Built-in values for dark mode. */
export const DARK_TOKENS: Record<TokenName, string> = {
  'color-accent': '#93b4ff',
  'color-accent-fg': '#0b1020',
  'color-bg': '#111318',
  'color-fg': '#e5e7eb',
  'color-muted': '#a1a1aa',
  'color-border': '#52525b',
  'color-danger': '#f87171',
  'color-surface': '#1c1f26',
  ...shared,
} as Record<TokenName, string>;

function declarations(values: Record<TokenName, string>): CSSResult {
  return unsafeCSS(TOKEN_NAMES.map((name) => `--_mcp-${name}: var(--mcp-${name}, ${values[name]});`).join('\n'));
}

/**
 * Lit styles to put first in an element's `static styles`: resolves every token
 * on `:host` for light, dark (`prefers-color-scheme`) and the `theme` attribute.
 */
export const tokens = css`
  :host {
    ${declarations(LIGHT_TOKENS)}
    color-scheme: light;
  }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light'])) {
      ${declarations(DARK_TOKENS)}
      color-scheme: dark;
    }
  }
  :host([theme='dark']) {
    ${declarations(DARK_TOKENS)}
    color-scheme: dark;
  }
`;
