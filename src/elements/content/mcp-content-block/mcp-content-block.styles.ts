import { css } from 'lit';
import { tokens } from '../../shared/tokens.js';
import { tipStyles } from '../../shared/tooltip.styles.js';
import { fileCardStyles } from '../../shared/file-card.js';
import { contentHostStyles } from '../content-host.styles.js';

/** Styles of `<mcp-content-block>`. */
export const contentBlockStyles = [
  tokens,
  contentHostStyles,
  fileCardStyles,
  css`
    button {
      font: inherit;
      color: inherit;
    }
    .image-button, .image-frame {
      display: inline-block;
      padding: 0;
      border: 1px solid var(--_mcp-color-border);
      border-radius: var(--_mcp-radius);
      background: none;
      line-height: 0;
      max-width: 100%;
    }
    .image-button { cursor: zoom-in; }
    .image-button img, .image-frame img {
      max-width: min(100%, var(--mcp-content-image-max-width, 360px));
      max-height: 320px;
      border-radius: var(--_mcp-radius);
    }
    /* The enlarged image: as large as the viewport allows, keeping its aspect ratio (--ratio, set from its natural size). */
    dialog {
      --_bar: 36px;
      --_pad: var(--_mcp-space);
      padding: var(--_pad);
      border: 1px solid var(--_mcp-color-border);
      border-radius: var(--_mcp-radius);
      background: var(--_mcp-color-bg);
      color: var(--_mcp-color-fg);
      max-width: 95vw;
      max-height: 95vh;
      overflow: auto;
      box-sizing: border-box;
    }
    dialog::backdrop { background: rgb(0 0 0 / 0.6); }
    dialog img.enlarged {
      display: block;
      width: min(95vw - 2 * var(--_pad) - 2px, (95vh - 3 * var(--_pad) - 2px - var(--_bar)) * var(--ratio, 1));
      height: auto;
      aspect-ratio: var(--ratio, auto);
      object-fit: contain;
      margin-inline: auto;
    }
    dialog img.tiny { image-rendering: pixelated; }
    .dialog-bar { display: flex; justify-content: flex-end; margin-bottom: var(--_pad); height: var(--_bar); }
    .icon-button {
      position: relative;
      display: inline-grid;
      place-items: center;
      width: 36px;
      height: 36px;
      padding: 0;
      border: 0;
      border-radius: var(--_mcp-radius);
      background: none;
      cursor: pointer;
    }
    .icon-button:hover { background: var(--_mcp-color-surface); }
    .icon-button .icon { width: 20px; height: 20px; }
    .icon-button[data-tip]::after {
      ${tipStyles}
    }
    .icon-button[data-tip]:hover::after, .icon-button[data-tip]:focus-visible::after { opacity: 1; transition-delay: 400ms; }
    @media (pointer: coarse) {
      dialog { --_bar: 44px; }
      .icon-button { width: 44px; height: 44px; }
      .icon-button[data-tip]::after { display: none; }
    }
    .resource-link {
      display: flex;
      flex-direction: column;
      align-items: flex-start;
      gap: 2px;
      text-align: start;
      width: 100%;
      border: 1px solid var(--_mcp-color-border);
      border-radius: var(--_mcp-radius);
      background: var(--_mcp-color-surface);
      padding: var(--_mcp-space);
      cursor: pointer;
    }
    .resource-link:hover { border-color: var(--_mcp-color-accent); }
    .uri, .meta { font-size: 0.85em; color: var(--_mcp-color-muted); overflow-wrap: anywhere; }
    .resource {
      margin: 0;
      border: 1px solid var(--_mcp-color-border);
      border-radius: var(--_mcp-radius);
      overflow: hidden;
    }
    .resource figcaption {
      display: flex;
      justify-content: space-between;
      gap: var(--_mcp-space);
      align-items: center;
      padding: 4px var(--_mcp-space);
      background: var(--_mcp-color-surface);
    }
    .resource pre, .unknown {
      margin: 0;
      padding: var(--_mcp-space);
      max-height: 320px;
      overflow: auto;
      font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
      font-size: 0.9em;
      white-space: pre-wrap;
    }
    .resource mcp-markdown { padding: var(--_mcp-space); }
    .small-button {
      border: 1px solid var(--_mcp-color-border);
      border-radius: var(--_mcp-radius);
      background: var(--_mcp-color-bg);
      padding: 2px 8px;
      cursor: pointer;
    }
    button:focus-visible { outline: 2px solid var(--_mcp-color-accent); outline-offset: 2px; }
    audio { max-width: 100%; }
    .preview { display: block; max-width: 100%; }
  `,
];
