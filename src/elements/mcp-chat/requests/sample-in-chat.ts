import type { InputRequestContext } from '../../../mcp/input-types.js';
import { createSamplingHandler } from '../../mcp-sampling-approval/register-sampling-approval.js';
import { SamplingPolicies } from '../../mcp-sampling-approval/sampling-policies.js';
import { errorInWords } from '../error-words.js';
import type { InputRequestsHost, PlaceRequest } from './contract.js';
// The English text of answers (`AnswerEnglishKey`): added to the table before this module's code runs.
import '../strings-en-answers.js';

/** The sampling policies of one chat, kept by its InputRequests across requests (one set per `storage-key`). */
export interface SamplingPolicyHolder {
  policies?: { storageKey: string; policies: SamplingPolicies };
}

/**
 * A server's sampling request in the chat (sampling.chunk.ts, loaded when a
 * server first asks for a model answer): `<mcp-sampling-approval>` under the
 * tool call that caused it (or above the composer), run with the chat's
 * model and policies; a failure is reported in the chat and rethrown to the server.
 */
export async function sampleInChat(
  host: InputRequestsHost,
  place: PlaceRequest,
  holder: SamplingPolicyHolder,
  params: Parameters<ReturnType<typeof createSamplingHandler>>[0],
  context: InputRequestContext,
): ReturnType<ReturnType<typeof createSamplingHandler>> {
  await host.messagesReady();
  const element = document.createElement('mcp-sampling-approval');
  const provider = host.provider;
  element.provider = provider;
  if (host.theme) element.setAttribute('theme', host.theme);
  const takeDown = place(element, context);
  try {
    const handler = createSamplingHandler(element, {
      provider,
      policies: policiesOf(host, holder),
      store: host.store,
      conversationId: () => host.conversationId,
    });
    return await handler(params, context);
  } catch (error) {
    host.reportError('tool', host.text.samplingFailed(context.server.name, errorInWords(error, host.text)), error);
    throw error;
  } finally {
    takeDown();
  }
}

/** One policy set for the chat's life, kept across reloads: the person's "approve automatically" holds. */
function policiesOf(host: InputRequestsHost, holder: SamplingPolicyHolder): SamplingPolicies {
  const storageKey = host.storageKey;
  if (holder.policies?.storageKey !== storageKey) {
    holder.policies = { storageKey, policies: SamplingPolicies.persisted(`mcp-chat:sampling-policies:${storageKey}`) };
  }
  return holder.policies.policies;
}
