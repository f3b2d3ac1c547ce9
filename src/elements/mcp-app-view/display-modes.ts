import type { McpUiDisplayMode } from '@modelcontextprotocol/ext-apps/app-bridge';
import { html } from 'lit';
import { PIP_WIDTH } from './host-context.js';

/** The header's button for the small floating window (`pip`). */
export const PIP_ICON = html`<svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linejoin="round"><rect x="2.5" y="4" width="15" height="12" rx="2"/><rect x="10" y="10" width="5.5" height="4" rx="1" fill="currentColor" stroke="none"/></svg>`;
/** The floating window's button back to the view's place. */
export const RETURN_ICON = html`<svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"><path d="M15 5 6 14M6 8v6h6"/></svg>`;

/** A box of the viewport, in CSS pixels. */
export interface Area {
  right: number;
  bottom: number;
  width: number;
}

/**
 * The visible box of the nearest scrolling ancestor of `view` (through shadow
 * roots: a chat's message list), else the window's: where the floating window goes.
 */
export function pipArea(view: Element): Area {
  const page = document.documentElement;
  for (let node: Node | null = view.parentNode; node; node = node.parentNode ?? (node instanceof ShadowRoot ? node.host : null)) {
    if (!(node instanceof HTMLElement) || node === document.body || node === page) continue;
    const overflow = getComputedStyle(node).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && node.clientHeight > 0) {
      const box = node.getBoundingClientRect();
      return { right: Math.min(box.right, page.clientWidth), bottom: Math.min(box.bottom, page.clientHeight), width: box.width };
    }
  }
  return { right: page.clientWidth, bottom: page.clientHeight, width: page.clientWidth };
}

/** The floating window's width in `area`: at most `PIP_WIDTH`, 12 px from each side, at least 200. */
export function pipWidth(area: Area): number {
  return Math.round(Math.max(200, Math.min(PIP_WIDTH, area.width - 24)));
}

/**
 * Full screen and the floating window go in the browser's top layer (a
 * manual popover on `base`): above everything and out of any ancestor that
 * would clip or contain a fixed box (a chat's scrolling list), without moving
 * the frame in the document (a moved frame reloads). The floating window sits
 * 12 px inside the bottom corner of {@link pipArea} (in a chat: above the
 * composer, never over it). Inline (or closed), the popover is hidden.
 */
export function placeView(base: HTMLElement | null, view: Element, mode: McpUiDisplayMode, closed: boolean): void {
  // A popover can only open in the document (the view may have just been removed).
  if (!base?.isConnected) return;
  const lifted = mode !== 'inline' && !closed;
  if (lifted && !base.matches(':popover-open')) base.showPopover?.();
  if (!lifted && base.matches(':popover-open')) base.hidePopover();
  if (mode !== 'pip') return;
  const area = pipArea(view);
  const page = document.documentElement;
  base.style.setProperty('--_pip-right', `${Math.max(0, page.clientWidth - area.right) + 12}px`);
  base.style.setProperty('--_pip-bottom', `${Math.max(0, page.clientHeight - area.bottom) + 12}px`);
  base.style.setProperty('--_pip-width', `${pipWidth(area)}px`);
}
