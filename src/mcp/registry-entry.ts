// Reading one entry of an MCP Registry answer (`ServerResponse`: `{server, _meta}`,
// `server` a `server.json`). Everything in it is untrusted: it is checked field by
// field, text is kept as text (the element renders it with Lit text bindings, never
// as HTML), addresses must be http(s), and what cannot be used is left out.

/** An icon of an entry: an http(s) address or a `data:image/…` URL (shown with `<img>`, which runs no script). */
export interface RegistryIcon {
  src: string;
  mimeType?: string;
  /** `light`: drawn for light backgrounds; `dark`: for dark ones. */
  theme?: 'light' | 'dark';
}

/** One value a person is asked for before connecting: a header, or a variable of a header's value template. */
export interface RegistryField {
  /** Unique within the remote: the header name, or `Header.variable` for a template variable. */
  key: string;
  /** What to call it (the header or variable name). */
  label: string;
  description?: string;
  isRequired: boolean;
  /** A secret (API key, token): asked as a password field and kept like an API key. */
  isSecret: boolean;
  default?: string;
  placeholder?: string;
  /** The values allowed (a `<select>`). */
  choices?: string[];
}

/** A header a remote declares (the registry's `KeyValueInput`). */
export interface RegistryHeader {
  /** The HTTP header name (checked: a token, not one a browser refuses to send). */
  name: string;
  description?: string;
  isRequired: boolean;
  isSecret: boolean;
  default?: string;
  placeholder?: string;
  choices?: string[];
  /** A fixed value (no `{variables}`): sent as it is, not asked. */
  value?: string;
  /** A value template such as `Bearer {api_key}`: its variables are asked (see `fields`). */
  template?: string;
}

/** A remote endpoint of an entry a browser can connect to (streamable-http with a concrete http(s) URL). */
export interface RegistryRemote {
  type: 'streamable-http';
  url: string;
  headers: RegistryHeader[];
  /** What to ask the person for, in order (from `headers`: plain ones, and each template's variables). */
  fields: RegistryField[];
}

/** One server of a registry answer, checked. */
export interface RegistryEntry {
  /** The registry name, reverse-DNS (`io.github.user/weather`). */
  name: string;
  /** The title for people, else undefined (show `name`). */
  title?: string;
  description: string;
  version: string;
  websiteUrl?: string;
  repository?: { url: string; source?: string };
  icons: RegistryIcon[];
  /** The remotes this page can offer: streamable-http only. */
  remotes: RegistryRemote[];
  /** Transports present but not offered here (`sse`, `stdio` packages, templated URLs), for "runs only …". */
  notOffered: string[];
  /** `active` or `deprecated` (deleted entries are skipped). */
  status: 'active' | 'deprecated';
  statusMessage?: string;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Headers a browser refuses to set, or that the MCP client sets itself. */
const REFUSED =
  /^(accept-charset|accept-encoding|access-control-.*|connection|content-length|content-type|cookie2?|date|dnt|expect|host|keep-alive|origin|referer|te|trailer|transfer-encoding|upgrade|via|proxy-.*|sec-.*|mcp-session-id|mcp-protocol-version|mcp-method|mcp-name|last-event-id|accept)$/i;
const MAX_TEXT = 2000;

const text = (value: unknown, max = MAX_TEXT): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : undefined;

/** An absolute http(s) URL without user info, or undefined. */
export function webUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2048) return undefined;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** An icon source that is safe in `<img src>`: http(s), or a `data:` URL of a raster or SVG image. */
function iconSrc(value: unknown): string | undefined {
  if (typeof value === 'string' && /^data:image\/(png|jpe?g|gif|webp|svg\+xml)[;,]/i.test(value) && value.length <= 100_000) return value;
  return webUrl(value);
}

function strings(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const list = value.filter((v): v is string => typeof v === 'string' && v.length <= 500).slice(0, 100);
  return list.length ? list : undefined;
}

function field(key: string, label: string, input: Record<string, unknown>): RegistryField {
  return {
    key,
    label,
    isRequired: input.isRequired === true,
    isSecret: input.isSecret === true,
    ...optional('description', text(input.description)),
    ...optional('default', text(input.default, 500)),
    ...optional('placeholder', text(input.placeholder, 200)),
    ...optional('choices', strings(input.choices)),
  };
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

/** A declared header, checked; undefined when it cannot be sent from a browser. */
function readHeader(raw: unknown): { header: RegistryHeader; fields: RegistryField[] } | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const input = raw as Record<string, unknown>;
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (!TOKEN.test(name) || name.length > 100 || REFUSED.test(name)) return undefined;
  const base = field(name, name, input);
  const header: RegistryHeader = { ...base, name };
  delete (header as { key?: string }).key;
  delete (header as { label?: string }).label;
  const value = typeof input.value === 'string' ? input.value : undefined;
  if (value === undefined) return { header, fields: [base] };
  if (/[\r\n]/.test(value) || value.length > 2000) return undefined;
  const names = [...new Set([...value.matchAll(/\{([a-zA-Z_][a-zA-Z0-9_]*)\}/g)].map((m) => m[1]!))];
  if (!names.length) return { header: { ...header, value }, fields: [] };
  const variables = input.variables && typeof input.variables === 'object' ? (input.variables as Record<string, unknown>) : {};
  const fields = names.map((v) => {
    const spec = variables[v] && typeof variables[v] === 'object' ? (variables[v] as Record<string, unknown>) : {};
    // A variable of a secret header is secret too; one the header requires is required.
    const f = field(`${name}.${v}`, v, spec);
    return { ...f, isSecret: f.isSecret || header.isSecret, isRequired: f.isRequired || header.isRequired };
  });
  return { header: { ...header, template: value }, fields };
}

/**
 * The headers to send for `remote` given the person's answers (by field
 * `key`): fixed values as they are, templates filled in, plain headers with
 * the typed value, else their default. A header left empty is not sent.
 */
export function headersFor(remote: RegistryRemote, values: Readonly<Record<string, string>>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const h of remote.headers) {
    let value: string | undefined;
    if (h.value !== undefined) value = h.value;
    else if (h.template !== undefined) {
      let missing = false;
      value = h.template.replace(/\{([a-zA-Z_][a-zA-Z0-9_]*)\}/g, (_, v: string) => {
        const f = remote.fields.find((x) => x.key === `${h.name}.${v}`);
        const given = values[`${h.name}.${v}`]?.trim() || f?.default || '';
        if (!given) missing = true;
        return given;
      });
      if (missing) value = undefined;
    } else value = values[h.name]?.trim() || h.default;
    if (value && !/[\r\n]/.test(value)) headers[h.name] = value;
  }
  return headers;
}

/** One remote, checked; the transport name when it is not one a browser can use here. */
function readRemote(raw: unknown): RegistryRemote | string {
  if (!raw || typeof raw !== 'object') return 'invalid';
  const r = raw as Record<string, unknown>;
  if (r.type !== 'streamable-http') return typeof r.type === 'string' ? r.type.slice(0, 40) : 'invalid';
  if (typeof r.url === 'string' && r.url.includes('{')) return 'streamable-http (templated address)';
  const url = webUrl(r.url);
  if (!url) return 'invalid';
  const headers: RegistryHeader[] = [];
  const fields: RegistryField[] = [];
  for (const item of Array.isArray(r.headers) ? r.headers.slice(0, 20) : []) {
    const read = readHeader(item);
    if (!read || headers.some((h) => h.name.toLowerCase() === read.header.name.toLowerCase())) continue;
    headers.push(read.header);
    fields.push(...read.fields);
  }
  return { type: 'streamable-http', url, headers, fields };
}

/**
 * Reads one `ServerResponse` of a registry answer. Undefined when it is not
 * one (no `server`, no name, description or version) or it is deleted.
 */
export function readEntry(raw: unknown): RegistryEntry | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const server = (raw as { server?: unknown }).server;
  if (!server || typeof server !== 'object') return undefined;
  const s = server as Record<string, unknown>;
  const name = text(s.name, 200);
  const version = text(s.version, 255);
  if (!name || !version) return undefined;
  const official = ((raw as { _meta?: Record<string, unknown> })._meta?.['io.modelcontextprotocol.registry/official'] ?? {}) as Record<
    string,
    unknown
  >;
  if (official.status === 'deleted') return undefined;
  const remotes: RegistryRemote[] = [];
  const notOffered = new Set<string>();
  for (const item of Array.isArray(s.remotes) ? s.remotes.slice(0, 20) : []) {
    const read = readRemote(item);
    if (typeof read === 'string') {
      if (read !== 'invalid') notOffered.add(read);
    } else if (!remotes.some((x) => x.url === read.url)) remotes.push(read);
  }
  for (const pkg of Array.isArray(s.packages) ? s.packages.slice(0, 20) : []) {
    const type = (pkg as { transport?: { type?: unknown } } | null)?.transport?.type;
    if (typeof type === 'string') notOffered.add(type === 'stdio' ? 'stdio' : `${type.slice(0, 40)} (package)`);
  }
  const icons: RegistryIcon[] = [];
  for (const icon of Array.isArray(s.icons) ? s.icons.slice(0, 10) : []) {
    const src = iconSrc((icon as { src?: unknown } | null)?.src);
    if (!src) continue;
    const { mimeType, theme } = icon as { mimeType?: unknown; theme?: unknown };
    icons.push({ src, ...optional('mimeType', text(mimeType, 50)), ...(theme === 'light' || theme === 'dark' ? { theme } : {}) });
  }
  const repo = s.repository as { url?: unknown; source?: unknown } | undefined;
  const repoUrl = webUrl(repo?.url);
  return {
    name,
    ...optional('title', text(s.title, 100)),
    description: text(s.description) ?? '',
    version,
    ...optional('websiteUrl', webUrl(s.websiteUrl)),
    ...(repoUrl ? { repository: { url: repoUrl, ...optional('source', text(repo?.source, 40)) } } : {}),
    icons,
    remotes,
    notOffered: [...notOffered],
    status: official.status === 'deprecated' ? 'deprecated' : 'active',
    ...optional('statusMessage', text(official.statusMessage, 500)),
  };
}
