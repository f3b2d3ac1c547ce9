import { UrlElicitationRequiredError, type McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { svgIcon } from './assets.js';
import { callbackUrl, recordActivity, urlFlow, type DemoState } from './demo-state.js';
import { PERSON_TIMEOUT_MS, runFlow, textResult, type Flow } from './flows.js';
import { REGISTER_FORM_SCHEMA, checkFormContent } from './form-schema.js';
import type { InstanceContext } from './tools-content.js';

/** `register-form`: one form with every field kind; echoes what came back. */
const registerForm: Flow<Record<string, never>, null> = {
  name: 'register-form',
  start: () => ({
    ask: {
      kind: 'form',
      params: { message: 'Register for the demo. Every kind of form field is here.', requestedSchema: REGISTER_FORM_SCHEMA },
    },
    state: null,
  }),
  resume: (_state, answer) => {
    if (answer.kind !== 'elicit') return { result: textResult(`Expected a form answer, got ${answer.kind}.`, { isError: true }) };
    if (answer.action !== 'accept')
      return { result: textResult(`The form was ${answer.action === 'decline' ? 'declined' : 'cancelled'}.`) };
    const content = answer.content ?? {};
    const problems = checkFormContent(REGISTER_FORM_SCHEMA, content);
    const json = JSON.stringify(content);
    if (problems.length > 0) {
      return {
        result: {
          content: [
            { type: 'text', text: json },
            { type: 'text', text: `The answer does not fit the form: ${problems.join('; ')}.` },
          ],
          structuredContent: content,
          isError: true,
        },
      };
    }
    return { result: { content: [{ type: 'text', text: json }], structuredContent: content } };
  },
};

/** The 2026-07-28 URL flow: ask the person to visit the callback page; the retry checks it was visited. */
function urlSignInFlow(name: string, message: string): Flow<Record<string, never>, { id: string }> {
  return {
    name,
    start: (_args, { state }) => {
      const id = crypto.randomUUID();
      urlFlow(state, id);
      return { ask: { kind: 'url', message, url: callbackUrl(state, id) }, state: { id } };
    },
    resume: ({ id }, answer, { state, era }) => {
      const flow = state.urlFlows.get(id);
      state.urlFlows.delete(id);
      if (answer.kind !== 'elicit') return { result: textResult(`Expected an elicitation answer, got ${answer.kind}.`, { isError: true }) };
      if (answer.action !== 'accept') return { result: textResult(`Sign-in ${answer.action === 'decline' ? 'declined' : 'cancelled'}.`) };
      if (!flow?.visited) {
        return { result: textResult('You said you were done, but the sign-in page was never visited.', { isError: true }) };
      }
      recordActivity(state, { tool: name, era, status: 'completed', detail: `URL flow ${id}` });
      return { result: textResult(`Signed in (URL flow ${id} completed).`) };
    },
  };
}

/**
 * 2025: URL elicitation with an `elicitationId`; visiting the callback page
 * sends `notifications/elicitation/complete` on this call's stream.
 */
async function legacyUrlSignIn(server: McpServer, state: DemoState, ctx: ServerContext) {
  const id = crypto.randomUUID();
  const flow = urlFlow(state, id);
  const notifyComplete = server.server.createElicitationCompletionNotifier(id, { relatedRequestId: ctx.mcpReq.id });
  flow.onVisit.push(() => void notifyComplete().catch(() => undefined));
  try {
    const result = await ctx.mcpReq.elicitInput(
      { mode: 'url', message: 'Sign in to the demo service.', url: callbackUrl(state, id), elicitationId: id },
      // On the call's own stream (see flows.ts, `push`).
      { timeout: PERSON_TIMEOUT_MS, signal: ctx.mcpReq.signal, relatedRequestId: ctx.mcpReq.id },
    );
    if (result.action !== 'accept') return textResult(`Sign-in ${result.action === 'decline' ? 'declined' : 'cancelled'}.`);
    if (!flow.visited) return textResult('You said you were done, but the sign-in page was never visited.', { isError: true });
    recordActivity(state, { tool: 'url-sign-in', era: 'legacy', status: 'completed', detail: `elicitation ${id}` });
    return textResult(`Signed in (elicitation ${id} completed).`);
  } finally {
    state.urlFlows.delete(id);
  }
}

/**
 * 2025: `url-required` fails with -32042 until this session's URL was visited.
 * The visit also sends `notifications/elicitation/complete` (on the session's
 * standalone stream: the failed call has no stream left).
 */
function legacyUrlRequired(server: McpServer, state: DemoState, ctx: ServerContext) {
  const id = `url-required-${ctx.sessionId ?? 'no-session'}`;
  const flow = urlFlow(state, id);
  if (flow.visited) return textResult('Access granted: the authorization page was visited.');
  if (flow.onVisit.length === 0) {
    const notifyComplete = server.server.createElicitationCompletionNotifier(id);
    flow.onVisit.push(() => void notifyComplete().catch(() => undefined));
  }
  throw new UrlElicitationRequiredError(
    [{ mode: 'url', message: 'Authorize the demo server, then try again.', url: callbackUrl(state, id), elicitationId: id }],
    'This tool needs you to authorize it in your browser first.',
  );
}

const urlSignInModern = urlSignInFlow('url-sign-in', 'Sign in to the demo service.');
const urlRequiredModern = urlSignInFlow('url-required', 'Authorize the demo server.');

/** Tools that ask the person: form and URL elicitation in both eras. */
export function registerElicitationTools(server: McpServer, { era, state }: InstanceContext): void {
  server.registerTool(
    'register-form',
    {
      title: 'Registration form',
      annotations: { readOnlyHint: true, openWorldHint: false },
      description: 'Asks you to fill in a form with every kind of field; returns exactly what you submitted.',
      icons: svgIcon('📝', '#0891b2'),
    },
    async (ctx) => runFlow(registerForm, {}, era, state, ctx),
  );

  server.registerTool(
    'url-sign-in',
    {
      title: 'Sign in (URL)',
      annotations: { readOnlyHint: true, openWorldHint: false },
      description: 'Sends you to a sign-in page served by this demo server (URL-mode elicitation).',
      icons: svgIcon('🔑', '#ca8a04'),
    },
    async (ctx) => (era === 'legacy' ? legacyUrlSignIn(server, state, ctx) : runFlow(urlSignInModern, {}, era, state, ctx)),
  );

  server.registerTool(
    'url-required',
    {
      title: 'Needs authorization',
      annotations: { readOnlyHint: true, openWorldHint: false },
      description: 'On 2025 connections fails with URL-elicitation-required (-32042) until its page was visited.',
    },
    async (ctx) => (era === 'legacy' ? legacyUrlRequired(server, state, ctx) : runFlow(urlRequiredModern, {}, era, state, ctx)),
  );
}
