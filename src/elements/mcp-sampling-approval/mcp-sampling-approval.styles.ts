import { css } from 'lit';
import { tokens } from '../shared/tokens.js';

/** Styles of `<mcp-sampling-approval>`: the global tokens, then the element's own custom properties. */
export const styles = [
  tokens,
  css`
    :host {
      --mcp-sampling-accent: var(--_mcp-color-accent);
      --mcp-sampling-bg: var(--_mcp-color-bg);
      --mcp-sampling-fg: var(--_mcp-color-fg);
      --mcp-sampling-border: var(--_mcp-color-border);
      --mcp-sampling-surface: var(--_mcp-color-surface);
      --mcp-sampling-danger: var(--_mcp-color-danger);
      display: block;
      font-family: var(--_mcp-font-family);
      color: var(--mcp-sampling-fg);
    }
    :host([hidden]) {
      display: none;
    }
    .base {
      background: var(--mcp-sampling-bg);
      border: 1px solid var(--mcp-sampling-border);
      border-radius: var(--_mcp-radius);
      padding: calc(var(--_mcp-space) * 2);
      display: grid;
      gap: var(--_mcp-space);
    }
    h2,
    h3 {
      margin: 0;
      font-size: 1.05rem;
    }
    h2:focus-visible,
    button:focus-visible,
    textarea:focus-visible,
    input:focus-visible,
    select:focus-visible {
      outline: 2px solid var(--mcp-sampling-accent);
      outline-offset: 2px;
    }
    header p {
      margin: 0.25rem 0;
    }
    .muted {
      color: var(--_mcp-color-muted);
      font-weight: normal;
    }
    .count {
      font-weight: 600;
    }
    .field {
      display: grid;
      gap: 0.25rem;
    }
    .field.check {
      display: flex;
      align-items: center;
      gap: 0.5rem;
    }
    textarea,
    input,
    select {
      font: inherit;
      color: inherit;
      background: var(--mcp-sampling-bg);
      border: 1px solid var(--mcp-sampling-border);
      border-radius: var(--_mcp-radius);
      padding: 0.35rem 0.5rem;
    }
    textarea {
      resize: vertical;
      width: 100%;
      box-sizing: border-box;
    }
    .messages {
      list-style: none;
      margin: 0;
      padding: 0;
      display: grid;
      gap: var(--_mcp-space);
    }
    .message {
      border-inline-start: 3px solid var(--mcp-sampling-border);
      padding-inline-start: var(--_mcp-space);
    }
    .message.assistant {
      border-inline-start-color: var(--mcp-sampling-accent);
    }
    .role,
    .label {
      font-size: 0.8rem;
      font-weight: 600;
      text-transform: uppercase;
      color: var(--_mcp-color-muted);
    }
    .text {
      white-space: pre-wrap;
      overflow-wrap: anywhere;
    }
    .card,
    .notice {
      background: var(--mcp-sampling-surface);
      border-radius: var(--_mcp-radius);
      padding: var(--_mcp-space);
      margin: 0.25rem 0;
    }
    .card.error {
      border: 1px solid var(--mcp-sampling-danger);
    }
    .code {
      white-space: pre-wrap;
      overflow-wrap: anywhere;
      font-family: ui-monospace, monospace;
      font-size: 0.85rem;
      margin: 0.25rem 0 0;
    }
    img {
      max-width: 100%;
      max-height: 16rem;
    }
    .tools ul {
      margin: 0.25rem 0;
      padding-inline-start: 1.2rem;
    }
    .settings {
      display: flex;
      flex-wrap: wrap;
      gap: var(--_mcp-space);
    }
    .preferences {
      display: grid;
      grid-template-columns: max-content 1fr;
      gap: 0.15rem var(--_mcp-space);
      margin: 0;
      font-size: 0.9rem;
    }
    .preferences dt {
      color: var(--_mcp-color-muted);
    }
    .preferences dd,
    .object dd {
      margin: 0;
    }
    .object {
      display: grid;
      grid-template-columns: max-content 1fr;
      gap: 0.15rem var(--_mcp-space);
    }
    .object dt {
      font-weight: 600;
    }
    .preview {
      white-space: pre-wrap;
      min-height: 3rem;
      background: var(--mcp-sampling-surface);
      border-radius: var(--_mcp-radius);
      padding: var(--_mcp-space);
    }
    .error {
      color: var(--mcp-sampling-danger);
      margin: 0;
    }
    .modes {
      border: none;
      padding: 0;
      margin: 0;
      display: flex;
      gap: var(--_mcp-space);
    }
    .actions {
      display: flex;
      gap: var(--_mcp-space);
      justify-content: flex-end;
    }
    button {
      font: inherit;
      border-radius: var(--_mcp-radius);
      border: 1px solid var(--mcp-sampling-border);
      background: var(--mcp-sampling-bg);
      color: inherit;
      padding: 0.4rem 0.9rem;
      cursor: pointer;
    }
    button.primary {
      background: var(--mcp-sampling-accent);
      border-color: var(--mcp-sampling-accent);
      color: var(--_mcp-color-accent-fg);
    }
    button.danger {
      color: var(--mcp-sampling-danger);
      border-color: var(--mcp-sampling-danger);
    }

    /* What the server or the model wrote, and what the person types, takes its direction from its own
       text (an English prompt in an Arabic view keeps its final period at its end); code stays left to right. */
    .text,
    input,
    textarea {
      unicode-bidi: plaintext;
    }
    pre.code {
      direction: ltr;
      text-align: left;
    }
  `,
];
