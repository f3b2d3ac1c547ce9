// The validation of an export file on import (zod 4), loaded by the stores
// when a file is imported (the file's layout and `buildExport` are in
// export-file.ts). Validation only decides; what gets stored is the parsed
// JSON itself, so fields this version does not know survive an export/import
// round trip.
// First, before the SDK or zod parses anything: no `new Function` probe (strict CSP, Trusted Types).
import '../content/no-eval.js';
import { z } from 'zod/v4';
import { HistoryError } from './errors.js';
import { EXPORT_FORMAT, EXPORT_VERSION, type HistoryExport } from './export-file.js';
import { checkMessages, newId } from './records.js';
import { ACTIVITY_KINDS, type ActivityRecord, type Conversation, type StoredMessage } from './types.js';

export { buildExport, EXPORT_FORMAT, EXPORT_VERSION, type HistoryExport } from './export-file.js';

const meta = z.record(z.string(), z.unknown()).optional();
const annotations = z
  .looseObject({ audience: z.array(z.enum(['user', 'assistant'])).optional(), priority: z.number().optional() })
  .optional();
const base = { annotations, _meta: meta };
const text = z.looseObject({ type: z.literal('text'), text: z.string(), ...base });
const image = z.looseObject({ type: z.literal('image'), data: z.string(), mimeType: z.string(), ...base });
const audio = z.looseObject({ type: z.literal('audio'), data: z.string(), mimeType: z.string(), ...base });
const resourceLink = z.looseObject({ type: z.literal('resource_link'), uri: z.string(), name: z.string(), ...base });
const resource = z.looseObject({
  type: z.literal('resource'),
  resource: z.union([z.looseObject({ uri: z.string(), text: z.string() }), z.looseObject({ uri: z.string(), blob: z.string() })]),
  ...base,
});
const contentBlock = z.discriminatedUnion('type', [text, image, audio, resourceLink, resource]);
const toolUse = z.looseObject({
  type: z.literal('tool_use'),
  id: z.string(),
  name: z.string(),
  input: z.record(z.string(), z.unknown()),
  _meta: meta,
});
const toolResult = z.looseObject({
  type: z.literal('tool_result'),
  toolUseId: z.string(),
  content: z.array(contentBlock),
  structuredContent: z.record(z.string(), z.unknown()).optional(),
  isError: z.boolean().optional(),
  _meta: meta,
});
const messageBlock = z.discriminatedUnion('type', [text, image, audio, resourceLink, resource, toolUse, toolResult]);

const exportSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exportedAt: z.string().optional(),
  conversation: z.looseObject({
    id: z.string(),
    title: z.string(),
    createdAt: z.number(),
    updatedAt: z.number(),
    servers: z.array(z.looseObject({ url: z.string() })),
    provider: z.string().optional(),
    model: z.string().optional(),
    metadata: z.record(z.string(), z.unknown()),
  }),
  messages: z.array(
    z.looseObject({
      role: z.enum(['user', 'assistant']),
      content: z.array(messageBlock),
      seq: z.number().int().positive(),
      createdAt: z.number(),
    }),
  ),
  activity: z.array(
    z.looseObject({
      id: z.string(),
      kind: z.enum(ACTIVITY_KINDS),
      toolUseId: z.string().optional(),
      request: z.looseObject({ method: z.string() }),
      requestedAt: z.number(),
    }),
  ),
});

/** What an import writes: a new conversation (new id) with its messages and activity. */
export interface ImportPlan {
  conversation: Conversation;
  messages: StoredMessage[];
  activity: ActivityRecord[];
}

/**
 * Validates an export (JSON text or an already parsed value) and plans its
 * import under a fresh conversation id, messages renumbered 1..n in file order.
 * @throws {HistoryError} 'invalid-import' naming the first problem.
 */
export function planImport(input: unknown, now = Date.now()): ImportPlan {
  let data = input;
  if (typeof input === 'string') {
    try {
      data = JSON.parse(input);
    } catch (error) {
      throw new HistoryError('invalid-import', `This file is not JSON (${(error as Error).message}); nothing was imported.`, {
        cause: error,
      });
    }
  }
  const parsed = exportSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? issue.path.join('.') : 'the file';
    throw new HistoryError('invalid-import', `Not a conversation export: ${where}: ${issue.message}. Nothing was imported.`, {
      cause: parsed.error,
    });
  }
  // Keep the original objects (unknown fields and all), now known to be well-formed.
  const file = data as HistoryExport;
  file.messages.forEach((m, i) => {
    if (i > 0 && m.seq <= file.messages[i - 1]!.seq) {
      throw new HistoryError('invalid-import', `Not a conversation export: messages.${i}.seq is out of order. Nothing was imported.`);
    }
  });
  try {
    checkMessages(file.messages);
  } catch (error) {
    throw new HistoryError(
      'invalid-import',
      `${(error as Error).message.replace(/^Not saved: /, 'The file breaks the tool pairing rule: ')} Nothing was imported.`,
      { cause: error },
    );
  }
  const id = newId();
  const conversation: Conversation = {
    ...file.conversation,
    id,
    updatedAt: Math.max(file.conversation.updatedAt, now),
    messageCount: file.messages.length,
  };
  const messages = file.messages.map((m, i) => ({ ...m, conversationId: id, seq: i + 1 }));
  const activity = file.activity.map((a) => ({ ...a, id: newId(), conversationId: id }));
  return { conversation, messages, activity };
}
