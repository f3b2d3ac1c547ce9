import axe from 'axe-core';

/** `root`'s shadow roots, and theirs, all the way down. */
function shadowRoots(root: Element): ShadowRoot[] {
  const found: ShadowRoot[] = [];
  const walk = (node: Element | ShadowRoot) => {
    for (const el of node.querySelectorAll('*')) {
      if (el.shadowRoot) {
        found.push(el.shadowRoot);
        walk(el.shadowRoot);
      }
    }
  };
  if (root.shadowRoot) found.push(root.shadowRoot);
  walk(root.shadowRoot ?? root);
  if (root.shadowRoot) walk(root);
  return found;
}

/**
 * Waits for the transitions and animations that end (a theme's colours, a
 * panel sliding in, a hover's background) to end: axe measures colours as they
 * are at one moment, and a person reads them once they have settled. Endless
 * ones (a spinner, the typing dots) are left running.
 */
async function settled(root: Element): Promise<void> {
  const running = [root.getAnimations({ subtree: true }), ...shadowRoots(root).map((r) => r.getAnimations())]
    .flat()
    .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
  await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
}

/**
 * axe's violations in `root` once its animations have settled, one line each:
 * the rule, the element, and for a colour-contrast finding the colours and
 * ratio axe measured, so a failure says what it saw. An empty list is clean.
 */
export async function axeFindings(root: Element): Promise<string[]> {
  await settled(root);
  const result = await axe.run(root, { resultTypes: ['violations'] });
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => {
      const data = n.any.find((c) => c.data)?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
      const colours = data?.fgColor ? ` (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio})` : '';
      return `${v.id}: ${n.target.join(' ')}${colours}`;
    }),
  );
}
