import type { ReactiveControllerHost } from 'lit';

/**
 * A narrow host for a controller: the element's `ReactiveControllerHost`
 * methods plus only the members in `extra` (getters stay live). Controllers
 * see this object, never the element, so the element's own state stays
 * private (the pattern of `@lit/task` and `@lit/context`).
 */
export function controllerHost<T extends object>(element: ReactiveControllerHost, extra: T): ReactiveControllerHost & T {
  const host: ReactiveControllerHost = {
    addController: (controller) => element.addController(controller),
    removeController: (controller) => element.removeController(controller),
    requestUpdate: () => element.requestUpdate(),
    get updateComplete() {
      return element.updateComplete;
    },
  };
  return Object.defineProperties(host, Object.getOwnPropertyDescriptors(extra)) as ReactiveControllerHost & T;
}
