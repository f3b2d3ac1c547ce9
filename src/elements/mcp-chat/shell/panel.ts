/**
 * The side panels of `<mcp-chat>`. Each has one file here exporting
 * `render<Name>Panel(view, actions)`: `view` holds only the values the panel
 * draws, `actions` the callbacks its controls call (the element builds both
 * in `renderPanel`, wiring/orchestration.ts). State a panel keeps between renders lives in a
 * feature's class, never in the panel file.
 *
 * A new panel: add its name here, a `<name>-panel.ts` beside this file, and
 * a case in `renderPanel` (wiring/orchestration.ts).
 */
export const CHAT_PANELS = ['conversations', 'servers', 'settings', 'resources'] as const;

/** One of {@link CHAT_PANELS}. */
export type ChatPanel = (typeof CHAT_PANELS)[number];
