/**
 * CSV records as RFC 4180 has them: fields split on commas, double quotes
 * around a field that holds commas, line breaks or quotes, `""` for a quote
 * inside one. Lines end in LF or CRLF; blank lines are skipped. Shared by the
 * chat's CSV preview and the demo server's `csv-stats` tool.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  /** Whether the record holds anything (a blank line is no record). */
  let any = false;
  const endRecord = () => {
    if (any || record.length) records.push([...record, field]);
    record = [];
    field = '';
    any = false;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = any = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
      any = true;
    } else if (ch === '\n' || (ch === '\r' && text[i + 1] === '\n')) {
      if (ch === '\r') i++;
      endRecord();
    } else {
      field += ch;
      if (ch.trim()) any = true;
    }
  }
  endRecord();
  return records;
}
