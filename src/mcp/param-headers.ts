import type { Tool } from '@modelcontextprotocol/client';

/**
 * `Mcp-Param-*` headers (SEP-2243, 2026-07-28 Streamable HTTP): a tool whose
 * `inputSchema` marks a property with `x-mcp-header: "Region"` wants the
 * call's value of that property mirrored into the header `Mcp-Param-Region`,
 * so gateways can route without reading the body. A server built with the
 * official SDK refuses a call whose header is absent.
 *
 * SDK 2.4 mirrors them in `callTool()` only outside a browser
 * (`mirroringActive` is false when `window` and `document` exist: a header
 * the server's CORS does not allow would fail the request). This client sends
 * them from the browser too, through the call's `headers`, and when the
 * server's CORS refuses one, the connection diagnoses it by name. The encoding
 * follows the SDK's (core-internal `mcpParamHeaders.ts`): strings as they are
 * when they are plain visible ASCII without surrounding space, else
 * `=?base64?<utf-8 base64>?=`; integers and booleans as text; `null` or
 * absent values omitted. Only declarations reachable through `properties`
 * count; the SDK already drops tools whose declarations are invalid from
 * `tools/list`.
 */

const PREFIX = 'Mcp-Param-';
const SENTINEL_PREFIX = '=?base64?';
const SENTINEL_SUFFIX = '?=';
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const MIRRORED_TYPES = new Set(['string', 'integer', 'boolean']);

interface Declaration {
  path: string[];
  header: string;
}

/** The `x-mcp-header` declarations of a tool's input schema (along `properties` chains only). */
export function paramHeaderDeclarations(tool: Pick<Tool, 'inputSchema'> | undefined): Declaration[] {
  const out: Declaration[] = [];
  const visit = (schema: unknown, path: string[]) => {
    if (schema === null || typeof schema !== 'object') return;
    const node = schema as Record<string, unknown>;
    const header = node['x-mcp-header'];
    if (path.length > 0 && typeof header === 'string' && TOKEN.test(header) && MIRRORED_TYPES.has(String(node.type)))
      out.push({ path, header });
    const properties = node.properties;
    if (properties !== null && typeof properties === 'object') {
      for (const [key, child] of Object.entries(properties)) visit(child, [...path, key]);
    }
  };
  visit(tool?.inputSchema, []);
  return out;
}

/** The `Mcp-Param-*` headers of one call of `tool` with `args`. */
export function paramHeaders(tool: Pick<Tool, 'inputSchema'> | undefined, args: Record<string, unknown>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { path, header } of paramHeaderDeclarations(tool)) {
    let value: unknown = args;
    for (const key of path) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    const text = asText(value);
    if (text !== undefined) headers[`${PREFIX}${header}`] = encode(text);
  }
  return headers;
}

function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' && Number.isFinite(value) && (!Number.isInteger(value) || Number.isSafeInteger(value)))
    return String(value);
  return undefined;
}

function encode(text: string): string {
  const plain =
    text.length > 0 &&
    text === text.trim() &&
    !(text.startsWith(SENTINEL_PREFIX) && text.endsWith(SENTINEL_SUFFIX)) &&
    [...text].every((c) => c === '\t' || (c >= ' ' && c <= '~'));
  if (plain) return text;
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return `${SENTINEL_PREFIX}${btoa(binary)}${SENTINEL_SUFFIX}`;
}
