import { css, unsafeCSS } from 'lit';
import { PIP_MAX_HEIGHT as PIP_H, PIP_WIDTH as PIP_W } from './host-context.js';

const PIP_WIDTH = unsafeCSS(PIP_W);
const PIP_MAX_HEIGHT = unsafeCSS(PIP_H);

/** Styles of `<mcp-app-view>`; colors and sizes come from its custom properties. */
export const styles = css`
  :host {
    --_bg: var(--mcp-app-view-bg, var(--_mcp-color-bg));
    --_fg: var(--mcp-app-view-fg, var(--_mcp-color-fg));
    --_muted: var(--mcp-app-view-muted, var(--_mcp-color-muted));
    --_border: var(--mcp-app-view-border, var(--_mcp-color-border));
    --_accent: var(--mcp-app-view-accent, var(--_mcp-color-accent));
    --_accent-fg: var(--_mcp-color-accent-fg);
    --_danger: var(--mcp-app-view-danger, var(--_mcp-color-danger));
    --_radius: var(--mcp-app-view-radius, var(--_mcp-radius));
    --_space: var(--mcp-app-view-space, var(--_mcp-space));
    display: block;
    font-family: var(--_mcp-font-family);
    color: var(--_fg);
  }
  :host([hidden]),
  :host([state='closed']) {
    display: none;
  }
  .base {
    display: flex;
    flex-direction: column;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_bg);
    overflow: hidden;
  }
  /* Full screen and the floating window are manual popovers (the top layer): the UA's popover box is undone here. */
  :host([display-mode='fullscreen']) .base {
    position: fixed;
    inset: 0;
    width: auto;
    height: auto;
    max-width: none;
    max-height: none;
    margin: 0;
    padding: 0;
    z-index: 2147483000;
    border-radius: 0;
    border: 0;
    color: var(--_fg);
  }
  /* The small floating window: at the bottom corner of the viewport, above the page, in sight while the conversation scrolls. */
  :host([display-mode='pip']) .base {
    position: fixed;
    inset: auto;
    right: var(--_pip-right, 16px);
    bottom: var(--_pip-bottom, 16px);
    margin: 0;
    padding: 0;
    height: auto;
    max-height: none;
    color: var(--_fg);
    z-index: 2147482000;
    width: var(--_pip-width, min(${PIP_WIDTH}px, calc(100vw - 32px)));
    border-radius: 12px;
    box-shadow: 0 12px 32px rgb(0 0 0 / 0.22), 0 2px 6px rgb(0 0 0 / 0.12);
    animation: pip-in 180ms ease-out;
  }
  :host([display-mode='pip']) iframe {
    max-height: min(${PIP_MAX_HEIGHT}px, 50vh);
  }
  @keyframes pip-in {
    from {
      opacity: 0;
      transform: translateY(12px) scale(0.98);
    }
  }
  .pip-placeholder {
    display: flex;
    align-items: center;
    gap: var(--_space);
    min-height: 44px;
    padding: 0 var(--_space) 0 calc(var(--_space) * 1.5);
    border: 1px dashed var(--_border);
    border-radius: var(--_radius);
    color: var(--_muted);
    font-size: 14px;
  }
  .pip-placeholder span {
    flex: 1;
    min-width: 0;
  }
  button.icon {
    display: inline-grid;
    place-items: center;
    width: 32px;
    padding: 0;
    border-color: transparent;
    color: var(--_muted);
  }
  button.icon:hover {
    color: var(--_fg);
    background: color-mix(in srgb, var(--_fg) 8%, transparent);
  }
  .safe-area {
    position: fixed;
    visibility: hidden;
    pointer-events: none;
    padding: env(safe-area-inset-top, 0px) env(safe-area-inset-right, 0px) env(safe-area-inset-bottom, 0px) env(safe-area-inset-left, 0px);
  }
  .header {
    display: flex;
    align-items: center;
    gap: var(--_space);
    min-height: 36px;
    padding: 0 var(--_space) 0 calc(var(--_space) * 1.5);
    font-size: 13px;
    border-bottom: 1px solid color-mix(in srgb, var(--_border) 50%, transparent);
  }
  /* A narrow view (390 px phones) keeps its buttons: the server's name gives way first, then the title. */
  .title {
    font-weight: 600;
    white-space: nowrap;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .server {
    flex-shrink: 100;
    min-width: 0;
    color: var(--_muted);
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .header button {
    flex: none;
  }
  .spacer {
    flex: 1;
  }
  button {
    font: inherit;
    font-size: 13px;
    min-height: 32px;
    padding: 0 calc(var(--_space) * 1.5);
    border-radius: var(--_radius);
    border: 1px solid var(--_border);
    background: transparent;
    color: var(--_fg);
    cursor: pointer;
  }
  button.primary {
    background: var(--_accent);
    border-color: var(--_accent);
    color: var(--_accent-fg);
  }
  button:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
  @media (pointer: coarse) {
    button {
      min-height: 44px;
    }
  }
  iframe {
    display: block;
    width: 100%;
    border: 0;
    background: transparent;
    /* The proxy page declares the same: a scheme that differs from the page's gets an opaque backdrop (a white box in the dark). */
    color-scheme: light;
    transition: height 150ms ease-out;
  }
  iframe[hidden] {
    display: none;
  }
  :host([display-mode='fullscreen']) iframe {
    flex: 1;
    height: auto !important;
  }
  @media (prefers-reduced-motion: reduce) {
    iframe {
      transition: none;
    }
    :host([display-mode='pip']) .base {
      animation: none;
    }
  }
  .notice {
    margin: 0;
    padding: var(--_space) calc(var(--_space) * 1.5);
    color: var(--_muted);
    font-size: 14px;
  }
  .notice.error,
  .notice.disconnected {
    color: var(--_danger);
  }
  .csp-note {
    padding: calc(var(--_space) * 0.75) calc(var(--_space) * 1.5);
    font-size: 14px;
    color: var(--_muted);
    border-bottom: 1px solid var(--_border);
  }
  .csp-note p {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .fallback {
    margin: 0;
    padding: var(--_space) calc(var(--_space) * 1.5);
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    font-size: 14px;
  }
  .consent {
    display: flex;
    flex-direction: column;
    gap: var(--_space);
    margin: var(--_space);
    padding: calc(var(--_space) * 1.5);
    border: 2px solid var(--_accent);
    border-radius: var(--_radius);
    background: var(--_mcp-color-surface);
  }
  .consent p,
  .consent blockquote {
    margin: 0;
  }
  .files {
    display: flex;
    flex-direction: column;
    gap: var(--_space);
  }
  .consent-title {
    margin: 0;
    font-size: 14px;
  }
  .url {
    overflow-wrap: anywhere;
    font-family: ui-monospace, monospace;
    font-size: 13px;
  }
  .hint {
    color: var(--_muted);
    font-size: 13px;
  }
  .actions {
    display: flex;
    gap: var(--_space);
    flex-wrap: wrap;
  }
`;
