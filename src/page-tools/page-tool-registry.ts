import type { AgentCallOptions, AgentTool, AgentToolHost, AgentToolResult } from '../agent/types.js';
import { TypedEventTarget } from '../content/typed-event-target.js';
import { currentPageName, currentPageOrigin, PAGE_TOOL_NAME_PATTERN, pageToolKey } from './page-name.js';
import { errorResult, markUntrusted, messageOf, pageToolResult } from './page-tool-result.js';
import type { PageTool, RegisterToolOptions } from './types.js';

/** Fired when page tools were added or removed: re-read `listTools()`. */
export class PageToolsChangeEvent extends Event {
  static readonly eventName = 'mcp-page-tools-change';
  constructor() {
    super(PageToolsChangeEvent.eventName);
  }
}

/** The events of a page tool source ({@link PageToolRegistry}, `WebMcpImport`). */
export interface PageToolsEventMap {
  'mcp-page-tools-change': PageToolsChangeEvent;
}

/** Options of {@link PageToolRegistry}. */
export interface PageToolRegistryOptions {
  /** The name people see as the tools' "server" (default: `document.title`, else the host). A function is read at each listing. */
  pageName?: string | (() => string);
  /** The origin the tools' keys are under (default `location.origin`). */
  origin?: string;
}

/** The error `registerTool` rejects with, named like WebMCP's (`InvalidStateError`, `TypeError`, `AbortError`). */
function domError(message: string, name: string): Error {
  return typeof DOMException === 'function' ? new DOMException(message, name) : Object.assign(new Error(message), { name });
}

const EMPTY_SCHEMA: AgentTool['inputSchema'] = { type: 'object', properties: {} };

/** The tool's input schema as the model gets it: an object schema (an absent or non-object schema means "no arguments"). */
export function objectSchema(schema: unknown): AgentTool['inputSchema'] {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return EMPTY_SCHEMA;
  const s = schema as Record<string, unknown>;
  if (s.type !== undefined && s.type !== 'object') return EMPTY_SCHEMA;
  return { ...s, type: 'object' } as AgentTool['inputSchema'];
}

/**
 * Tools the host page gives the chat directly, with the dictionary of
 * WebMCP's `registerTool` (see {@link PageTool}). It is an
 * `AgentToolHost`: `listTools()` gives each tool under its own name with the
 * page as its server (`server` = the page's name, `key` =
 * `page:<origin>#<name>`), `callTool()` runs `execute`. Merge it with the
 * servers' tools with `combineToolHosts`, which gives model-facing names.
 *
 * @fires mcp-page-tools-change - a tool was added or removed ({@link PageToolsChangeEvent})
 */
export class PageToolRegistry extends TypedEventTarget<PageToolsEventMap> implements AgentToolHost {
  readonly #tools = new Map<string, PageTool>();
  readonly #options: PageToolRegistryOptions;
  #listed?: AgentTool[];

  constructor(options: PageToolRegistryOptions = {}) {
    super();
    this.#options = options;
  }

  /**
   * Adds a tool, as `document.modelContext.registerTool` does: resolves once
   * it is listed; rejects (and adds nothing) when the name is taken or not
   * 1-128 of `A-Z a-z 0-9 _ - .`, the description is empty, `execute` is not
   * a function, the schema cannot be serialized, or the signal is already
   * aborted. Aborting `options.signal` removes the tool.
   */
  registerTool(tool: PageTool, options: RegisterToolOptions = {}): Promise<void> {
    const signal = options.signal;
    if (signal?.aborted) return Promise.reject(signal.reason ?? domError('The tool was withdrawn before it was registered.', 'AbortError'));
    const problem = this.#problem(tool);
    if (problem) return Promise.reject(problem);
    const own: PageTool = { ...tool, annotations: tool.annotations ? { ...tool.annotations } : undefined };
    this.#tools.set(tool.name, own);
    signal?.addEventListener('abort', () => this.#remove(tool.name, own), { once: true });
    this.#changed();
    return Promise.resolve();
  }

  /** The tools now, as given (read-only view). */
  get tools(): readonly PageTool[] {
    return [...this.#tools.values()];
  }

  /** The tools as the agent sees them, under their own names (same array until a tool is added or removed). */
  listTools(): AgentTool[] {
    if (!this.#listed) {
      const server = this.#pageName();
      const origin = this.#options.origin ?? currentPageOrigin();
      this.#listed = [...this.#tools.values()].map((tool) => ({
        name: tool.name,
        description: tool.description,
        inputSchema: objectSchema(tool.inputSchema),
        ...(tool.annotations ? { annotations: { ...tool.annotations } } : {}),
        ...(tool.title ? { title: tool.title } : {}),
        server,
        key: pageToolKey(origin, tool.name, 'chat'),
      }));
    }
    return this.#listed;
  }

  /**
   * Runs a tool by its own name. Never rejects for the tool's own failure
   * (a thrown error is an `isError` result with its message); rejects with
   * an `AbortError` when `options.signal` is aborted first (the tool's
   * `execute` is not stoppable, its late answer is dropped).
   */
  async callTool(name: string, args: Record<string, unknown>, options: Partial<AgentCallOptions> = {}): Promise<AgentToolResult> {
    const tool = this.#tools.get(name);
    if (!tool) return errorResult(`The page no longer offers a tool named ${name}.`);
    const signal = options.signal;
    if (signal?.aborted) throw domError('The tool call was stopped.', 'AbortError');
    const client = { signal, requestUserInteraction: <T>(callback: () => T | Promise<T>) => Promise.resolve().then(callback) };
    const run = (async () => {
      try {
        const result = pageToolResult(await tool.execute(args ?? {}, client));
        return tool.annotations?.untrustedContentHint ? markUntrusted(result) : result;
      } catch (error) {
        return errorResult(`The page tool ${tool.title ?? name} failed: ${messageOf(error)}`);
      }
    })();
    if (!signal) return run;
    return new Promise<AgentToolResult>((resolve, reject) => {
      const stop = () => reject(domError('The tool call was stopped.', 'AbortError'));
      signal.addEventListener('abort', stop, { once: true });
      void run.then(resolve).finally(() => signal.removeEventListener('abort', stop));
    });
  }

  #pageName(): string {
    const name = this.#options.pageName;
    return (typeof name === 'function' ? name() : name) || currentPageName();
  }

  #problem(tool: PageTool): Error | undefined {
    if (!tool || typeof tool !== 'object') return new TypeError('registerTool needs a tool: { name, description, execute }.');
    if (typeof tool.name !== 'string' || !PAGE_TOOL_NAME_PATTERN.test(tool.name)) {
      return domError(
        `The tool name ${JSON.stringify(tool.name)} is not valid: use 1-128 letters, digits, "_", "-" or ".".`,
        'InvalidStateError',
      );
    }
    if (this.#tools.has(tool.name)) return domError(`A page tool named ${tool.name} is already registered.`, 'InvalidStateError');
    if (typeof tool.description !== 'string' || !tool.description.trim())
      return domError(`The page tool ${tool.name} needs a description.`, 'InvalidStateError');
    if (typeof tool.execute !== 'function') return new TypeError(`The page tool ${tool.name} needs an execute function.`);
    if (tool.inputSchema !== undefined) {
      try {
        if (JSON.stringify(tool.inputSchema) === undefined) throw new TypeError('not JSON');
      } catch (error) {
        return new TypeError(`The input schema of the page tool ${tool.name} cannot be serialized: ${messageOf(error)}`);
      }
    }
    return undefined;
  }

  #remove(name: string, tool: PageTool): void {
    if (this.#tools.get(name) !== tool) return;
    this.#tools.delete(name);
    this.#changed();
  }

  #changed(): void {
    this.#listed = undefined;
    this.dispatchEvent(new PageToolsChangeEvent());
  }
}
