import type { ReactiveControllerHost } from 'lit';

/** One object with the members of every part (getters stay live; they are copied as getters, not read). */
type Merged<T extends object[]> = T extends [infer First, ...infer Rest extends object[]] ? First & Merged<Rest> : unknown;

/**
 * A narrow host for a controller: the element's `ReactiveControllerHost`
 * methods plus only the members in `extras` (each feature's wiring gives
 * its part; getters stay live). Controllers see this object, never the
 * element, so the element's own state stays private (the pattern of
 * `@lit/task` and `@lit/context`).
 */
export function controllerHost<T extends object[]>(element: ReactiveControllerHost, ...extras: T): ReactiveControllerHost & Merged<T> {
  const host: ReactiveControllerHost = {
    addController: (controller) => element.addController(controller),
    removeController: (controller) => element.removeController(controller),
    requestUpdate: () => element.requestUpdate(),
    get updateComplete() {
      return element.updateComplete;
    },
  };
  for (const extra of extras) {
    const members = Object.getOwnPropertyDescriptors(extra);
    // Two parts giving one member would silently replace each other's.
    const twice = Object.keys(members).find((key) => Object.hasOwn(host, key));
    if (twice) throw new Error(`controllerHost: "${twice}" is given twice`);
    Object.defineProperties(host, members);
  }
  return host as ReactiveControllerHost & Merged<T>;
}
