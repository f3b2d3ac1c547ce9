import type { McpAppViewState } from '../../../events/app-state-change.js';
import { STATE_MAX } from '../../mcp-app-view/app-limits.js';

/**
 * `metadata` key of a saved conversation holding what its app views keep,
 * by the call id of each view: `{ [toolUseId]: SavedAppView }`. Kept in the
 * conversation's metadata, not on the call's messages: the store is
 * append-only, and a view's state changes long after its call was saved.
 */
export const APP_VIEWS_META_KEY = 'mcp-elements/app-views';

/** What one view keeps with its call. */
export interface SavedAppView {
  /** The app's kept state (its localStorage), given back as `viewState`. */
  state?: McpAppViewState;
  /** Its latest model context as text, for the model's next turns after a reload. */
  context?: { tool: string; text: string };
}

/**
 * The saved record of call `id` in a conversation's `APP_VIEWS_META_KEY`
 * value, checked (an imported conversation can hold anything): string keys
 * and values within the state limit, a context of two strings.
 */
export function savedViewOf(saved: unknown, id: string): SavedAppView | undefined {
  if (!saved || typeof saved !== 'object' || !Object.hasOwn(saved, id)) return undefined;
  const record = (saved as Record<string, unknown>)[id];
  if (!record || typeof record !== 'object') return undefined;
  const { state, context } = record as { state?: unknown; context?: unknown };
  const out: SavedAppView = {};
  if (state && typeof state === 'object' && !Array.isArray(state)) {
    const entries = Object.entries(state);
    const size = entries.reduce((n, [k, v]) => n + k.length + (typeof v === 'string' ? v.length : Infinity), 0);
    if (size <= STATE_MAX) out.state = Object.fromEntries(entries) as McpAppViewState;
  }
  if (context && typeof context === 'object') {
    const { tool, text } = context as { tool?: unknown; text?: unknown };
    if (typeof tool === 'string' && typeof text === 'string') out.context = { tool, text };
  }
  return out.state || out.context ? out : undefined;
}

/** `saved` (a conversation's `APP_VIEWS_META_KEY` value) with the record of call `id` replaced. */
export function withSavedView(saved: unknown, id: string, record: SavedAppView): Record<string, SavedAppView> {
  const all = saved && typeof saved === 'object' && !Array.isArray(saved) ? (saved as Record<string, SavedAppView>) : {};
  return { ...all, [id]: record };
}
