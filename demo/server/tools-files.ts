import { createHash } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { parseCsv } from '../../src/content/csv.js';

/** A decoded `data:` URI (RFC 2397): its type (parameters left off), its `name=` parameter if any, its bytes. */
export interface DataUri {
  type: string;
  name?: string;
  bytes: Buffer;
}

/** Reads a `data:` URI; throws in words when the value is not one (SEP-2356: any other scheme is refused, never fetched). */
export function parseDataUri(value: string): DataUri {
  const m = /^data:([^,]*),(.*)$/s.exec(value);
  if (!m) throw new Error(`expected a data: URI, got ${JSON.stringify(value.slice(0, 40))}`);
  const params = m[1]!.split(';');
  const base64 = params.at(-1)?.toLowerCase() === 'base64';
  if (base64) params.pop();
  const type = (params.shift() || 'text/plain').toLowerCase();
  const name = params.find((p) => p.toLowerCase().startsWith('name='))?.slice(5);
  const bytes = base64 ? Buffer.from(m[2]!, 'base64') : Buffer.from(decodeURIComponent(m[2]!), 'utf8');
  return { type, name: name === undefined ? undefined : decodeURIComponent(name), bytes };
}

/** A string argument that takes a file (SEP-2356 `x-mcp-file`): the host fills it with a `data:` URI. */
const fileArgument = (description: string, accept: string[] | undefined, maxSize: number) =>
  z.string().meta({ format: 'uri', description, 'x-mcp-file': { ...(accept ? { accept } : {}), maxSize } });

const CSV_MAX = 5 * 1024 * 1024;
const ANY_MAX = 30 * 1024 * 1024;

const round = (n: number) => Math.round(n * 1000) / 1000;

/** Rows, columns, and per numeric column min, max and mean; the statistics as a CSV too. */
export function csvStatistics(text: string): {
  rows: number;
  columns: string[];
  stats: Array<{ column: string; min?: number; max?: number; mean?: number }>;
} {
  const [columns = [], ...rows] = parseCsv(text);
  const stats = columns.map((column, i) => {
    const values = rows.map((r) => r[i]?.trim() ?? '').filter((v) => v !== '');
    const numbers = values.map(Number);
    if (!values.length || numbers.some((n) => !Number.isFinite(n))) return { column };
    const sum = numbers.reduce((a, b) => a + b, 0);
    return { column, min: Math.min(...numbers), max: Math.max(...numbers), mean: round(sum / numbers.length) };
  });
  return { rows: rows.length, columns, stats };
}

const refused = (text: string) => ({ content: [{ type: 'text' as const, text }], isError: true });

/** Tools that take files (SEP-2356: `x-mcp-file` string arguments filled by the host with `data:` URIs). */
export function registerFileTools(server: McpServer): void {
  server.registerTool(
    'csv-stats',
    {
      title: 'CSV statistics',
      description: 'Counts the rows and columns of a CSV file and gives min, max and mean of each numeric column, with a summary CSV back.',
      inputSchema: z.object({ file: fileArgument('The CSV file to summarise.', ['text/csv', '.csv', 'text/plain'], CSV_MAX) }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ file }) => {
      let data: DataUri;
      try {
        data = parseDataUri(file);
      } catch (error) {
        return refused(`file: ${(error as Error).message}`);
      }
      if (!['text/csv', 'text/plain', 'application/vnd.ms-excel'].includes(data.type))
        return refused(`file: a CSV file is needed, not ${data.type}`);
      if (data.bytes.length > CSV_MAX) return refused(`file: ${data.bytes.length} bytes is over the ${CSV_MAX} this tool takes`);
      const { rows, columns, stats } = csvStatistics(data.bytes.toString('utf8'));
      const numeric = stats.filter((s) => s.mean !== undefined);
      const lines = [
        `${data.name ?? 'The file'}: ${rows} row${rows === 1 ? '' : 's'}, ${columns.length} column${columns.length === 1 ? '' : 's'} (${columns.join(', ')}).`,
        ...numeric.map((s) => `${s.column}: min ${s.min}, max ${s.max}, mean ${s.mean}`),
      ];
      const summary =
        ['column,min,max,mean', ...stats.map((s) => [JSON.stringify(s.column), s.min ?? '', s.max ?? '', s.mean ?? ''].join(','))].join(
          '\n',
        ) + '\n';
      return {
        content: [
          { type: 'text', text: lines.join('\n') },
          { type: 'resource', resource: { uri: 'demo://files/summary.csv', name: 'summary.csv', mimeType: 'text/csv', text: summary } },
        ],
        structuredContent: { rows, columns, stats },
      };
    },
  );

  server.registerTool(
    'file-fingerprint',
    {
      title: 'File fingerprint',
      description: 'Says the name, type, size and SHA-256 of any file the person attached.',
      inputSchema: z.object({ file: fileArgument('The file to fingerprint.', undefined, ANY_MAX) }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ file }) => {
      let data: DataUri;
      try {
        data = parseDataUri(file);
      } catch (error) {
        return refused(`file: ${(error as Error).message}`);
      }
      if (data.bytes.length > ANY_MAX) return refused(`file: ${data.bytes.length} bytes is over the ${ANY_MAX} this tool takes`);
      const sha256 = createHash('sha256').update(data.bytes).digest('hex');
      return {
        content: [{ type: 'text', text: `${data.name ?? 'file'} · ${data.type} · ${data.bytes.length} bytes · SHA-256 ${sha256}` }],
        structuredContent: { name: data.name ?? null, type: data.type, size: data.bytes.length, sha256 },
      };
    },
  );
}
