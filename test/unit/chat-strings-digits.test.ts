import { expect, test, vi } from 'vitest';
import { CHAT_STRINGS_EN } from '../../src/elements/mcp-chat/strings.js';

// Issue 42: the palette's "N more" line groups digits as `toLocaleString('en-US')` does, without it:
// a page's first `toLocaleString` sets up the locale's number format (50-110 ms on the benchmark
// machine), which the palette's warm-up did while servers were still connecting.
test('"N more" in English: the same text as toLocaleString gives, and no locale number format set up', () => {
  const counts = [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 123_456_789, Number.MAX_SAFE_INTEGER];
  const expected = counts.map((n) => `${n.toLocaleString('en-US')} more: type to narrow the list.`);
  const format = vi.spyOn(Number.prototype, 'toLocaleString');
  try {
    expect(counts.map((n) => CHAT_STRINGS_EN.paletteMore(n))).toEqual(expected);
    expect(format).not.toHaveBeenCalled();
  } finally {
    format.mockRestore();
  }
});
