import { css } from 'lit';

/**
 * The hover tooltip of the content renderers' small buttons (copy, enlarge,
 * close): the `::after` of an element with `data-tip`, under its end edge,
 * hidden until hover or focus. Goes inside that `::after` rule.
 */
export const tipStyles = css`
  content: attr(data-tip);
  position: absolute;
  top: calc(100% + 4px);
  inset-inline-end: 0;
  padding: 4px 8px;
  border-radius: 6px;
  background: var(--_mcp-color-fg);
  color: var(--_mcp-color-bg);
  font-size: 12px;
  line-height: 1.3;
  white-space: nowrap;
  pointer-events: none;
  opacity: 0;
  transition: opacity 150ms ease-out;
`;
