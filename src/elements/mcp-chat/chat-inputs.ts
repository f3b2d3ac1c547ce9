import type { ElicitRequestParams } from '@modelcontextprotocol/client';
import type { ActivityResponse } from '../../history/types.js';
import type { InputRequestContext } from '../../mcp/input-types.js';
import { showElicitForm } from '../elicit/show-elicit-form.js';
import '../mcp-sampling-approval/mcp-sampling-approval.js';
import { createSamplingHandler } from '../sampling/register-sampling-approval.js';
import { describe } from './chat-session.js';
import type { McpChat } from './mcp-chat.js';

/**
 * Puts an element under the tool call that caused it (slot `tool-<id>` of the
 * message), or in the chat's request area when no tool call is known.
 * Returns a function that takes it down again.
 */
function place(chat: McpChat, element: HTMLElement, context?: InputRequestContext): () => void {
  const id = context?.toolCall?.toolUseId;
  const inline = chat.session.inline;
  if (id && chat.session.views.has(id)) {
    element.slot = `tool-${id}`;
    inline.set(id, [...(inline.get(id) ?? []), element]);
    chat.session.views = new Map(chat.session.views).set(id, { ...chat.session.views.get(id), open: true });
  } else {
    chat.renderRoot.querySelector('.requests')?.append(element);
  }
  chat.requestUpdate();
  void chat.updateComplete.then(() => element.scrollIntoView?.({ block: 'nearest' }));
  return () => {
    if (id && inline.has(id)) {
      const rest = inline.get(id)!.filter((e) => e !== element);
      if (rest.length) inline.set(id, rest);
      else inline.delete(id);
    }
    element.remove();
    chat.requestUpdate();
  };
}

/**
 * Writes an elicitation exchange (the request and what the person answered)
 * to the activity log of the open conversation, linked to the tool call that
 * caused it. Logging never disturbs the answer: a failed write is dropped.
 */
async function logElicitation(
  chat: McpChat,
  params: ElicitRequestParams,
  context: InputRequestContext,
  requestedAt: number,
  response: ActivityResponse | undefined,
): Promise<void> {
  const store = chat.chatStore;
  const conversationId = chat.session.conversation?.id;
  if (!store || !conversationId) return;
  await store
    .appendActivity({
      conversationId,
      kind: 'elicitation',
      toolUseId: context.toolCall?.toolUseId,
      server: context.server.url,
      request: { method: 'elicitation/create', params: { ...params } },
      response,
      requestedAt,
      respondedAt: Date.now(),
    })
    .catch(() => {});
}

/**
 * Wires what reaches the chat from outside its composer: images pasted or
 * dropped, and the servers' input requests (elicitation shown as
 * `<mcp-elicit-form>`, sampling as `<mcp-sampling-approval>`, inline under
 * the tool call that triggered them). Returns a function that undoes it.
 */
export function installInputHandlers(chat: McpChat): () => void {
  const onPaste = (event: ClipboardEvent) => {
    const files = [...(event.clipboardData?.files ?? [])].filter((f) => f.type.startsWith('image/'));
    if (files.length) {
      event.preventDefault();
      void chat.attachFiles(files);
    }
  };
  const onDragOver = (event: DragEvent) => {
    if ([...(event.dataTransfer?.items ?? [])].some((i) => i.kind === 'file')) event.preventDefault();
  };
  const onDrop = (event: DragEvent) => {
    const files = [...(event.dataTransfer?.files ?? [])];
    if (!files.length) return;
    event.preventDefault();
    void chat.attachFiles(files);
  };
  chat.addEventListener('paste', onPaste);
  chat.addEventListener('dragover', onDragOver);
  chat.addEventListener('drop', onDrop);

  const router = chat.serverSet.router;
  const offElicit = router.handle('elicitation', async (params, context) => {
    let takeDown: (() => void) | undefined;
    const container = chat.renderRoot.querySelector<HTMLElement>('.requests') ?? (chat.renderRoot as unknown as HTMLElement);
    const requestedAt = Date.now();
    let response: ActivityResponse | undefined;
    try {
      const result = await showElicitForm(params, container, {
        server: { name: context.server.name, title: context.server.title },
        signal: context.signal,
        completed: context.completed,
        context,
        theme: chat.theme,
        place: (form, _container, ctx) => {
          takeDown = place(chat, form, ctx);
        },
      });
      response = { result: { ...result } };
      return result;
    } catch (error) {
      const code = typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : -32603;
      response = { error: { code, message: describe(error) } };
      throw error;
    } finally {
      takeDown?.();
      void logElicitation(chat, params, context, requestedAt, response);
    }
  });
  const offSampling = router.handle('sampling', async (params, context) => {
    const element = document.createElement('mcp-sampling-approval');
    const provider = chat.chatProvider;
    element.provider = provider;
    if (chat.theme) element.setAttribute('theme', chat.theme);
    const takeDown = place(chat, element, context);
    try {
      const handler = createSamplingHandler(element, {
        provider,
        store: chat.chatStore,
        conversationId: () => chat.session.conversation?.id,
      });
      return await handler(params, context);
    } catch (error) {
      chat.reportError('tool', `A sampling request from ${context.server.name} failed: ${describe(error)}`, error);
      throw error;
    } finally {
      takeDown();
    }
  });
  return () => {
    chat.removeEventListener('paste', onPaste);
    chat.removeEventListener('dragover', onDragOver);
    chat.removeEventListener('drop', onDrop);
    offElicit();
    offSampling();
  };
}
