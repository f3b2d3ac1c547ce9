import type { ElicitRequestParams } from '@modelcontextprotocol/client';
import type { ActivityResponse } from '../../../history/types.js';
import type { InputRequestContext } from '../../../mcp/input-types.js';
import { serverKey } from '../../../mcp/server-key.js';
import type { InputRequestsHost } from './contract.js';

/**
 * Writes an elicitation exchange (the request and what the person answered)
 * to the activity log of the open conversation, linked to the tool call that
 * caused it. Logging never disturbs the answer: a failed write is dropped.
 */
export async function logElicitation(
  host: InputRequestsHost,
  params: ElicitRequestParams,
  context: InputRequestContext,
  requestedAt: number,
  response: ActivityResponse | undefined,
): Promise<void> {
  const store = host.store;
  const conversationId = host.conversationId;
  if (!store || !conversationId) return;
  await store
    .appendActivity({
      conversationId,
      kind: 'elicitation',
      toolUseId: context.toolCall?.toolUseId,
      server: serverKey(context.server.url),
      request: { method: 'elicitation/create', params: { ...params } },
      response,
      requestedAt,
      respondedAt: Date.now(),
    })
    .catch(() => {});
}
