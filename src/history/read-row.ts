import { UNREADABLE_META_KEY } from '../content/unreadable.js';
import type { StoredMessage } from './types.js';

/**
 * What is wrong with a stored message row, in words; undefined when it is a
 * message the chat can show and send. Checks the shape every renderer and
 * provider adapter relies on: a role, a content array of typed blocks, and
 * the fields each known block type needs. Unknown block types pass (a newer
 * version may have written them).
 */
export function rowProblem(row: unknown): string | undefined {
  if (typeof row !== 'object' || row === null) return 'it is not an object';
  const { role, content } = row as { role?: unknown; content?: unknown };
  if (role !== 'user' && role !== 'assistant')
    return role === undefined ? 'it has no role' : `its role ${JSON.stringify(role)} is neither "user" nor "assistant"`;
  if (!Array.isArray(content)) return 'its content is not a list of blocks';
  for (const [i, block] of content.entries()) {
    const problem = blockProblem(block);
    if (problem) return `block ${i + 1} ${problem}`;
  }
  return undefined;
}

function blockProblem(block: unknown): string | undefined {
  if (typeof block !== 'object' || block === null) return 'is empty';
  const b = block as Record<string, unknown>;
  const str = (key: string) => typeof b[key] === 'string';
  switch (b.type) {
    case 'text':
      return str('text') ? undefined : 'is a text block without text';
    case 'image':
    case 'audio':
      return str('data') && str('mimeType') ? undefined : `is an ${b.type} block without data or mimeType`;
    case 'resource_link':
      return str('uri') ? undefined : 'is a resource link without uri';
    case 'resource':
      return typeof b.resource === 'object' && b.resource !== null ? undefined : 'is an embedded resource without its resource';
    case 'tool_use':
      return str('id') && str('name') ? undefined : 'is a tool call without id or name';
    case 'tool_result': {
      if (!str('toolUseId') || !Array.isArray(b.content)) return 'is a tool result without toolUseId or content';
      const inner = (b.content as unknown[]).findIndex(
        (c) => blockProblem(c) !== undefined || ['tool_use', 'tool_result'].includes((c as { type: string }).type),
      );
      return inner < 0 ? undefined : `holds a bad block (${inner + 1})`;
    }
    default:
      return typeof b.type === 'string' ? undefined : 'has no type';
  }
}

/**
 * A stored row as a message: the row itself when it is readable, else a
 * message saying it could not be read, marked with {@link UNREADABLE_META_KEY}
 * (`{ problem, raw }`: the row as JSON, to copy). Keeps the row's place
 * (conversationId, seq, createdAt) so paging and numbering hold.
 */
export function readRow(row: unknown, conversationId: string, seq: number): StoredMessage {
  const problem = rowProblem(row);
  if (!problem) return row as StoredMessage;
  const r = (typeof row === 'object' && row !== null ? row : {}) as Partial<StoredMessage>;
  let raw: string;
  try {
    raw = JSON.stringify(row);
  } catch {
    raw = String(row);
  }
  return {
    role: r.role === 'user' ? 'user' : 'assistant',
    content: [{ type: 'text', text: `This message could not be read: ${problem}. Its stored form is kept.` }],
    _meta: { [UNREADABLE_META_KEY]: { problem, raw } },
    conversationId,
    seq: typeof r.seq === 'number' ? r.seq : seq,
    createdAt: typeof r.createdAt === 'number' ? r.createdAt : 0,
  };
}
