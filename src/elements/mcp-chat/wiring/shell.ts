// The shell's part of the chat's wiring: what every feature reports through
// (text, announce, reportError, focus, events on the element).
import type { ChatErrorSource } from '../contract.js';
import type { Wiring } from './types.js';

/** The shell's members of the features' host. */
export function shellWiring(w: Wiring) {
  const { chat } = w;
  return {
    get text() {
      return w.text.t;
    },
    get renderRoot() {
      return chat.renderRoot;
    },
    get theme() {
      return chat.theme;
    },
    /** Not a closed launcher: what the chat shows can be seen. */
    get inSight() {
      return !chat.launcher || chat.open;
    },
    announce: (text: string) => w.f.shell.announce(text),
    reportError: (source: ChatErrorSource, message: string, error: unknown) => w.f.shell.reportError(source, message, error),
    focus: (selector: string) => void w.focusAfterUpdate(selector),
    addEventListener: (type: string, listener: EventListener) => chat.addEventListener(type, listener),
    removeEventListener: (type: string, listener: EventListener) => chat.removeEventListener(type, listener),
    dispatchEvent: (event: Event) => chat.dispatchEvent(event),
  };
}
