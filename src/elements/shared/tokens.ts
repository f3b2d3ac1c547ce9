import { css, unsafeCSS, type CSSResult } from 'lit';
import { DARK_TOKENS, LIGHT_TOKENS, TOKEN_NAMES, type TokenName } from './token-values.js';

export { DARK_TOKENS, LIGHT_TOKENS, TOKEN_NAMES, type TokenName };

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
