import type { McpUiDownloadFileRequest } from '@modelcontextprotocol/ext-apps/app-bridge';

/** A file an app asked to save, ready for the person to confirm. */
export interface PendingDownload {
  /** A safe file name: no path, no control or reserved characters, never hidden. */
  name: string;
  mimeType: string;
  /** The bytes, when the app embedded them; a `resource_link` is read from the server on save. */
  data?: Blob;
  /** The text, for a text resource (the question previews it). */
  text?: string;
  /** The `ui://`/server URI to read for a `resource_link`. */
  link?: string;
}

const RESERVED = /[\u0000-\u001f\u007f<>:"/\\|?*]/g;

/**
 * Turns an untrusted URI or name into a file name: the last path segment,
 * reserved and control characters replaced, leading dots and spaces removed
 * (no hidden files, no `..`), at most 100 characters, `download` when nothing
 * is left.
 */
export function sanitizeFileName(raw: string): string {
  let segment = raw;
  try {
    segment = decodeURIComponent(new URL(raw).pathname);
  } catch {
    // Not a URL: take it as a name.
  }
  segment = segment.split(/[\\/]/).filter(Boolean).pop() ?? '';
  const cleaned = segment
    .replace(RESERVED, '_')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '')
    .slice(0, 100);
  return cleaned || 'download';
}

function base64ToBlob(base64: string, type: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/** Every item of a `ui/download-file` request as a {@link PendingDownload}; throws a readable error for bad input. */
export function pendingDownloads(params: McpUiDownloadFileRequest['params']): PendingDownload[] {
  const items = params?.contents ?? [];
  if (!items.length) throw new Error('Invalid download: no contents.');
  return items.map((item): PendingDownload => {
    if (item.type === 'resource_link') {
      return { name: sanitizeFileName(item.name || item.uri), mimeType: item.mimeType ?? 'application/octet-stream', link: item.uri };
    }
    const resource = item.resource;
    const mimeType = resource.mimeType ?? 'application/octet-stream';
    if ('blob' in resource) return { name: sanitizeFileName(resource.uri), mimeType, data: base64ToBlob(resource.blob, mimeType) };
    return { name: sanitizeFileName(resource.uri), mimeType, data: new Blob([resource.text], { type: mimeType }), text: resource.text };
  });
}

/** Saves a blob under a name through a temporary `<a download>` (the person already agreed). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
