// Reading attached files into MCP content blocks: loaded when a file is first attached (chunks.ts, filesChunk).
// A large file never holds the page: its bytes arrive from Blob.stream() in pieces and are base64-encoded a
// piece at a time, with a turn of the event loop every MiB, so a 20 MB PDF costs many short tasks, not one long one.
import type { ContentBlock } from '../../../content/index.js';
import { typeOf } from './file-limits.js';

/** Bytes encoded between two yields to the event loop (a multiple of 3: no padding inside the text). */
const SLICE = 3 * 256 * 1024;
/** Bytes per String.fromCharCode call (the argument list has a limit). */
const CALL = 0x8000;

/** Types read as text (an embedded resource with `text`): what a model can read as it is. */
export function isTextLike(type: string): boolean {
  return (
    type.startsWith('text/') ||
    /^application\/(json|xml|javascript|x-ndjson|x-yaml|yaml|sql|csv|toml)$/.test(type) ||
    type.endsWith('+json') ||
    type.endsWith('+xml')
  );
}

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Base64 of `bytes` (its length a multiple of 3 unless it is the last piece). */
function encodePiece(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += CALL) binary += String.fromCharCode(...bytes.subarray(i, i + CALL));
  return btoa(binary);
}

/** The base64 of a blob, read and encoded in pieces (see the top of this module). */
export async function base64Of(blob: Blob, signal?: AbortSignal): Promise<string> {
  const parts: string[] = [];
  // Pieces shorter than a slice wait here (a stream may give a few KiB at a time, or the whole file at once).
  let pending: Uint8Array[] = [];
  let length = 0;
  const encodeSlice = async (bytes: Uint8Array) => {
    parts.push(encodePiece(bytes));
    await yieldToPage();
    signal?.throwIfAborted();
  };
  const reader = blob.stream().getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      let at = 0;
      if (length + value.length >= SLICE) {
        // Complete the slice begun by the waiting pieces.
        const slice = new Uint8Array(SLICE);
        let filled = 0;
        for (const piece of pending) {
          slice.set(piece, filled);
          filled += piece.length;
        }
        at = SLICE - filled;
        slice.set(value.subarray(0, at), filled);
        pending = [];
        length = 0;
        await encodeSlice(slice);
        for (; value.length - at >= SLICE; at += SLICE) await encodeSlice(value.subarray(at, at + SLICE));
      }
      if (at < value.length) {
        pending.push(value.subarray(at));
        length += value.length - at;
      }
    }
  } finally {
    reader.releaseLock();
  }
  const rest = new Uint8Array(length);
  let filled = 0;
  for (const piece of pending) {
    rest.set(piece, filled);
    filled += piece.length;
  }
  if (length) parts.push(encodePiece(rest));
  return parts.join('');
}

/** The `uri` of an attached file's resource block. */
export const attachmentUri = (name: string) => `attachment:${encodeURIComponent(name)}`;

/**
 * One attached file as the block it travels as: an image block for images (every provider's native form), an
 * embedded text resource for text-like files, an embedded blob resource for the rest (PDF, audio, anything).
 * Each carries the file's name (`resource.name`, or `_meta.name` for an image) and its size (`_meta.size`).
 */
export async function readFile(file: File, signal?: AbortSignal): Promise<ContentBlock> {
  const mimeType = typeOf(file);
  const meta = { name: file.name, size: file.size };
  if (mimeType.startsWith('image/')) return { type: 'image', data: await base64Of(file, signal), mimeType, _meta: meta };
  const uri = attachmentUri(file.name);
  if (isTextLike(mimeType)) return { type: 'resource', resource: { uri, name: file.name, mimeType, text: await file.text() }, _meta: meta };
  return { type: 'resource', resource: { uri, name: file.name, mimeType, blob: await base64Of(file, signal) }, _meta: meta };
}

export { adoptChipStyles, renderAttachments } from './attachment-chips.js';
export { refusal } from './file-limits.js';
export { fileWords } from '../../shared/file-words.js';
