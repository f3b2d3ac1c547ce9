// The language an element is in: `lang` on it or the nearest element above it
// that sets it, across shadow roots (a form or a file card inside a chat follows
// the chat). A leaf: the forms' tables (form-strings.ts) and the file words
// (file-words.ts) both read it.

/** The primary subtag of a language tag (`ar-EG` → `ar`). */
export const primaryLanguage = (lang: string | undefined): string => (lang ?? '').toLowerCase().split('-')[0]!;

/** The nearest ancestor (or `element`) with `attribute`, looking through the hosts of shadow roots. */
export function closestAcross(element: Element, attribute: string): Element | undefined {
  for (let node: Element | null = element; node;) {
    const found: Element | null = node.closest(`[${attribute}]`);
    if (found) return found;
    const root = node.getRootNode();
    node = root instanceof ShadowRoot ? root.host : null;
  }
  return undefined;
}

/** `lang` of the element or the nearest ancestor that sets it, across shadow roots. */
export function languageOf(element: Element): string | undefined {
  return closestAcross(element, 'lang')?.getAttribute('lang') ?? undefined;
}
