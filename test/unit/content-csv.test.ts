import { describe, expect, test } from 'vitest';
import { csvStatistics } from '../../demo/server/tools-files.js';
import { parseCsv } from '../../src/content/csv.js';

describe('parseCsv (RFC 4180)', () => {
  test('quoted commas, doubled quotes and CRLF line ends', () => {
    expect(parseCsv('name,note\r\n"Lisbon, PT","said ""hi"""\r\nRome,\r\n')).toEqual([
      ['name', 'note'],
      ['Lisbon, PT', 'said "hi"'],
      ['Rome', ''],
    ]);
  });

  test('a line break inside quotes stays in its field; blank lines are no record', () => {
    expect(parseCsv('city,address\n\nPorto,"Rua 1\nfloor 2"\n\n')).toEqual([
      ['city', 'address'],
      ['Porto', 'Rua 1\nfloor 2'],
    ]);
  });

  test('the demo tool counts a quoted multi-line field as one row', () => {
    expect(csvStatistics('city,people\nPorto,"1"\n"Lisbon\nold town",2\n')).toEqual({
      rows: 2,
      columns: ['city', 'people'],
      stats: [{ column: 'city' }, { column: 'people', min: 1, max: 2, mean: 1.5 }],
    });
  });
});
