import axe from 'axe-core';

/**
 * axe's violations in `root`, one line each: the rule, the element, and for a
 * colour-contrast finding the colours and ratio axe measured, so a failure
 * says what it saw. An empty list is clean.
 */
export async function axeFindings(root: Element): Promise<string[]> {
  const result = await axe.run(root, { resultTypes: ['violations'] });
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => {
      const data = n.any.find((c) => c.data)?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
      const colours = data?.fgColor ? ` (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio})` : '';
      return `${v.id}: ${n.target.join(' ')}${colours}`;
    }),
  );
}
