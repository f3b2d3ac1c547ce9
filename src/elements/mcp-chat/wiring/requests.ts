// The input requests' part of the chat's wiring: where their forms go.
import type { Wiring } from './types.js';

/** The input requests' members of the features' host. */
export function requestsWiring(w: Wiring) {
  return {
    requestArea: () => (w.chat.renderRoot.querySelector<HTMLElement>('.requests') ?? w.chat.renderRoot) as HTMLElement,
  };
}
