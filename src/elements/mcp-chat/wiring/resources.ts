// The resources' part of the chat's wiring: the preview's dialog.
import type { Wiring } from './types.js';

/** The resources' members of the features' host. */
export function resourcesWiring(w: Wiring) {
  return {
    previewDialog: () => w.chat.renderRoot.querySelector<HTMLDialogElement>('dialog.preview') ?? undefined,
  };
}
