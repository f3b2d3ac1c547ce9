import type { ElicitRequestParams, ElicitResult } from '@modelcontextprotocol/client';
import type { ElicitationHandler, InputRequestContext } from '../../mcp/input-types.js';
import type { McpElicitResponseEvent } from '../../events/elicit-response.js';
import { McpElicitForm, type ElicitServerIdentity } from './mcp-elicit-form.js';
import type { FormStrings } from '../shared/form-strings.js';

/** How the forms are shown. */
export interface ElicitFormOptions {
  /** Prefill schema defaults; pass `true` when the client declared `elicitation.form.applyDefaults`. */
  applyDefaults?: boolean;
  /** Forces the light or dark theme of the forms. */
  theme?: 'light' | 'dark';
  /** Interface text over the table of the forms' language (their `strings` property). */
  strings?: Partial<FormStrings>;
  /**
   * Places a new form; by default it is appended to the container. A chat can
   * use `context.toolCall` to put it under the tool call that caused it.
   */
  place?(form: McpElicitForm, container: HTMLElement, context?: InputRequestContext): void;
}

/** What one form needs beyond the request. */
export interface ShowElicitFormOptions extends ElicitFormOptions {
  server?: ElicitServerIdentity;
  /** Takes the form down and rejects with the signal's reason. */
  signal?: AbortSignal;
  /** URL mode, 2025 servers: the server reported completion. */
  completed?: Promise<void>;
  /** Passed to `place`. */
  context?: InputRequestContext;
}

/**
 * Mounts an `<mcp-elicit-form>` for one request in `container`, waits for the
 * person, removes the form and resolves with the `ElicitResult`.
 *
 * Rejects with an `UnsupportedElicitationError` when the schema cannot be
 * rendered (the form then stays, showing why, until the person dismisses it),
 * and with the signal's reason when `signal` aborts (the form is removed).
 */
export function showElicitForm(
  request: ElicitRequestParams,
  container: HTMLElement,
  options: ShowElicitFormOptions = {},
): Promise<ElicitResult> {
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(signal.reason);
  const form = document.createElement('mcp-elicit-form') as McpElicitForm;
  form.request = request;
  form.server = options.server;
  form.applyDefaults = options.applyDefaults ?? false;
  form.completed = options.completed;
  if (options.theme) form.theme = options.theme;
  if (options.strings) form.strings = options.strings;
  return new Promise<ElicitResult>((resolve, reject) => {
    const onAbort = () => {
      cleanup();
      form.remove();
      reject(signal?.reason);
    };
    const onResponse = (event: McpElicitResponseEvent) => {
      if (event.target !== form) return;
      cleanup();
      if (event.error) {
        reject(event.error);
        return;
      }
      form.remove();
      resolve(event.result);
    };
    const cleanup = () => {
      signal?.removeEventListener('abort', onAbort);
      form.removeEventListener('mcp-elicit-response', onResponse);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    form.addEventListener('mcp-elicit-response', onResponse);
    if (options.place) options.place(form, container, options.context);
    else container.append(form);
  });
}

/** An `ElicitationHandler` that shows each request as a form in `container`. */
export function createElicitationHandler(container: HTMLElement, options: ElicitFormOptions = {}): ElicitationHandler {
  return (params, context) =>
    showElicitForm(params, container, {
      ...options,
      server: { name: context.server.name, title: context.server.title },
      signal: context.signal,
      completed: params.mode === 'url' ? context.completed : undefined,
      context,
    });
}

/**
 * Anything elicitation handlers can be registered with: the `InputRouter` of
 * `mcp/` (`hub.router`, `connection.router`), whose `handle` returns an
 * unregister function. URL-elicitation-required errors (-32042) of tool calls
 * reach the same handler through the router, one URL at a time.
 */
export interface ElicitationHandlerTarget {
  handle(kind: 'elicitation', handler: ElicitationHandler): () => void;
}

/**
 * Registers `<mcp-elicit-form>` as the elicitation handler of `target`,
 * showing forms in `container`. Returns the function that unregisters it.
 *
 * @example
 * ```ts
 * const hub = new McpHub();
 * const stop = registerElicitForm(hub.router, document.querySelector('#asks')!);
 * ```
 */
export function registerElicitForm(target: ElicitationHandlerTarget, container: HTMLElement, options: ElicitFormOptions = {}): () => void {
  return target.handle('elicitation', createElicitationHandler(container, options));
}
