import { css } from 'lit';

/**
 * The `:host` rules the content elements (`<mcp-message>`, `<mcp-tool-card>`,
 * `<mcp-content-block>`) share: a block in the global font and foreground
 * colour. Put it right after `tokens`; each element adds its own `:host`
 * custom properties in its own sheet.
 */
export const contentHostStyles = css`
  :host {
    display: block;
    font-family: var(--_mcp-font-family);
    color: var(--_mcp-color-fg);
  }
`;
