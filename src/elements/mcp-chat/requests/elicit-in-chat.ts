import type { ElicitRequestParams, ElicitResult } from '@modelcontextprotocol/client';
import type { ActivityResponse } from '../../../history/types.js';
import { jsonRpcCodeOf, type InputRequestContext } from '../../../mcp/input-types.js';
import { showElicitForm } from '../../mcp-elicit-form/show-elicit-form.js';
import { errorInWords } from '../error-words.js';
import type { InputRequestsHost, PlaceRequest } from './contract.js';
import { logElicitation } from './log-elicitation.js';

/**
 * A server's elicitation in the chat (elicit.chunk.ts, loaded when a server
 * first asks): `<mcp-elicit-form>` under the tool call that caused it (or
 * above the composer), the person's answer returned, and the exchange logged
 * to the open conversation's activity whatever the outcome (`requestedAt`:
 * when the server asked, before this chunk was loaded).
 */
export async function elicitInChat(
  host: InputRequestsHost,
  place: PlaceRequest,
  params: ElicitRequestParams,
  context: InputRequestContext,
  requestedAt: number,
): Promise<ElicitResult> {
  let takeDown: (() => void) | undefined;
  const container = host.requestArea();
  let response: ActivityResponse | undefined;
  try {
    await host.messagesReady();
    const result = await showElicitForm(params, container, {
      server: { name: context.server.name, title: context.server.title },
      signal: context.signal,
      completed: context.completed,
      context,
      theme: host.theme,
      // The person sees the schema's defaults filled in (and can change them).
      applyDefaults: true,
      place: (form, _container, ctx) => {
        takeDown = place(form, ctx);
      },
    });
    response = { result: { ...result } };
    return result;
  } catch (error) {
    response = { error: { code: jsonRpcCodeOf(error), message: errorInWords(error) } };
    throw error;
  } finally {
    takeDown?.();
    void logElicitation(host, params, context, requestedAt, response);
  }
}
