// Files for the file tests: a PDF of a given size, and a drop on the chat.
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import { shadow } from './chat-helpers.js';

/** A PDF of `size` bytes (a real header, then filler). */
export function pdf(name: string, size = 1200): File {
  const bytes = new Uint8Array(size);
  const head = new TextEncoder().encode('%PDF-1.4\n%âãÏÓ\n1 0 obj << /Type /Catalog >> endobj\n');
  bytes.set(head.subarray(0, Math.min(head.length, size)));
  for (let i = head.length; i < size; i++) bytes[i] = (i * 31 + 7) & 0xff;
  return new File([bytes], name, { type: 'application/pdf' });
}

/** Drops `files` on the chat as a person dragging them from the desktop would. */
export function drop(chat: McpChat, files: File[]): void {
  const data = new DataTransfer();
  for (const f of files) data.items.add(f);
  shadow(chat)
    .querySelector('textarea')!
    .dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, composed: true, cancelable: true }));
}
