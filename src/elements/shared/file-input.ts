/**
 * SEP-2356 file inputs: a string property marked `x-mcp-file` (`{ accept?: string[], maxSize?: number }`) takes a
 * file the person picks, sent as a `data:` URI. One reading of the keyword for tool arguments (the chat's
 * `conversation/file-inputs.ts`) and elicitation forms (`<mcp-elicit-form>`). The keyword on elicitation requests,
 * which the SDK drops, is kept by `file-input-keywords.ts`.
 */

/** What a file input takes (SEP-2356's `FileInputDescriptor`, checked): `accept` as the HTML attribute reads it, `maxSize` in bytes. */
export interface FileInputRule {
  /** MIME types, `type/*` and `.ext`; empty: any file. */
  accept: string[];
  /** The largest file in bytes (decoded), when the server says. */
  maxSize?: number;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The rule of a property that is a file input, or `undefined`: a string property with an `x-mcp-file` object and no
 * format other than `uri` (SEP-2356: the keyword elsewhere is ignored). Untrusted input: only string patterns and a
 * positive finite size are kept.
 */
export function fileInputRule(prop: unknown): FileInputRule | undefined {
  if (!isObject(prop) || prop['type'] !== 'string') return undefined;
  const keyword = prop['x-mcp-file'];
  if (!isObject(keyword) || (prop['format'] !== undefined && prop['format'] !== 'uri')) return undefined;
  const accept = Array.isArray(keyword['accept'])
    ? keyword['accept'].filter((a): a is string => typeof a === 'string' && a.trim() !== '').map((a) => a.trim())
    : [];
  const size = keyword['maxSize'];
  return { accept, ...(typeof size === 'number' && Number.isFinite(size) && size > 0 && { maxSize: size }) };
}

/** The largest file a file input takes when the server sets no `maxSize` (25 MB: a data URI that size is a 33 MB message). */
export const FILE_INPUT_MAX_BYTES = 25 * 1024 * 1024;

/** A file's type as the browser reports it, else from its extension for the few a browser may leave blank. */
export function fileType(file: { name: string; type: string }): string {
  if (file.type) return file.type.toLowerCase();
  const known: Record<string, string> = {
    csv: 'text/csv',
    md: 'text/markdown',
    txt: 'text/plain',
    json: 'application/json',
    pdf: 'application/pdf',
  };
  return known[file.name.toLowerCase().split('.').pop() ?? ''] ?? 'application/octet-stream';
}

/** Whether `pattern` (`image/png`, `image/*`, `.pdf`, `*`) takes the file, as the HTML `accept` attribute reads it. */
export function fileFits(pattern: string, file: { name: string; type: string }): boolean {
  const p = pattern.trim().toLowerCase();
  if (!p) return false;
  if (p === '*' || p === '*/*') return true;
  if (p.startsWith('.')) return file.name.toLowerCase().endsWith(p);
  const type = fileType(file);
  return p.endsWith('/*') ? type.startsWith(p.slice(0, -1)) : type === p;
}

/** A file as a SEP-2356 value: `data:<type>;name=<name>;base64,<bytes>` (the type `application/octet-stream` when unknown). */
export function fileDataUri(type: string, name: string, base64: string): string {
  return `data:${type || 'application/octet-stream'};name=${encodeURIComponent(name)};base64,${base64}`;
}
