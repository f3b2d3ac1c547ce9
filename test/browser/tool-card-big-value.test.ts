import { afterEach, expect, test } from 'vitest';
import '../../src/elements/content/mcp-tool-card/mcp-tool-card.js';
import type { McpToolCard } from '../../src/elements/content/mcp-tool-card/mcp-tool-card.js';
import { TIMED, boundByControl, longestTask, timeBound } from './long-tasks.js';

// Issue 36: a model's 2 MB argument to a tool without a view made one task of about
// 0.85 s when its card was open: the whole value laid out as text. A card now draws
// the first 4,000 characters of a value and says how long it is; Show JSON has it all.
// Bounded against a control in the same test: the same card with a 2 kB argument.

afterEach(() => document.body.replaceChildren());

async function openCard(text: string): Promise<{ card: McpToolCard; task: number }> {
  const card = document.createElement('mcp-tool-card');
  const { task } = await longestTask(async () => {
    card.use = { type: 'tool_use', id: `t-${text.length}`, name: 'no-view-tool', input: { text } };
    card.open = true;
    document.body.append(card);
    await card.updateComplete;
  });
  return { card, task };
}

test(
  'a card open on a 2 MB argument: no longer task than a 2 kB one (within the control bound), the value cut with its length said',
  TIMED,
  async () => {
    const words = 'a "quoted" {word}, [and] more: ';
    const control = await openCard(words.repeat(70));
    expect(control.card.shadowRoot!.querySelector('[part="arguments"] .cut')).toBeNull();
    control.card.remove();
    const big = await openCard(words.repeat(70_000));
    expect(big.task, timeBound(`2 MB ${Math.round(big.task)} ms; 2 kB ${Math.round(control.task)} ms`)).toBeLessThan(
      boundByControl(control.task),
    );
    const value = big.card.shadowRoot!.querySelector('[part="arguments"] dd')!;
    expect(value.textContent!.length).toBeLessThan(4_200);
    expect(value.querySelector('.cut')!.textContent).toBe('… the first 4,000 of 2,170,000 characters (Show JSON has all of it)');
  },
);
