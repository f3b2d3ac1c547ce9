import type { CSSResult } from 'lit';

/**
 * Adds a lazily loaded chunk's style sheet to a shadow root, after the sheets already there
 * (Lit's own `adoptStyles` replaces them). Falls back to a `<style>` element where constructable
 * style sheets are missing, as Lit does.
 */
export function addStyles(root: ShadowRoot, styles: CSSResult): void {
  const sheet = styles.styleSheet;
  if (sheet) {
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return;
  }
  const style = document.createElement('style');
  style.textContent = styles.cssText;
  root.append(style);
}
