import type { AgentToolResult } from '../agent/types.js';
import { TypedEventTarget } from '../content/typed-event-target.js';
import type { ToolCallOutcome } from '../content/tool-result.js';
import { isModelVisible } from '../mcp/apps.js';
import { publishedOn } from './page-name.js';
import { messageOf } from './page-tool-result.js';
import { matchPatterns, parseToolPatterns, type ToolPatterns } from './tool-patterns.js';
import { pageModelContext, type ModelContextLike } from './types.js';

/** A server tool as the hub lists it (`McpHub['tools'][number]`, structurally). */
export interface PublishableHubTool {
  /** The hub's model-facing name (unique across servers): the name it is published under. */
  name: string;
  tool: {
    name: string;
    title?: string;
    description?: string;
    inputSchema: Record<string, unknown>;
    annotations?: Record<string, unknown>;
    _meta?: Record<string, unknown>;
  };
  connection: { name: string; url: string; state: string };
}

/** What the publisher needs of an `McpHub` (structural, so `page-tools/` does not depend on `mcp/`'s classes). */
export interface PublishableHub extends EventTarget {
  readonly tools: readonly PublishableHubTool[];
  callTool(name: string, args: Record<string, unknown>, options: { signal?: AbortSignal }): Promise<unknown>;
}

/** One call a browser agent made to a published tool, at its start (`running`) and at its end. */
export interface PublishedToolCall {
  /** Same for the start and the end of one call. */
  id: string;
  /** The published (hub model-facing) name. */
  name: string;
  /** The tool's human title, else its name. */
  title: string;
  /** The server's name. */
  server: string;
  input: Record<string, unknown>;
  /** `approval` while the person is asked (a tool that is not read-only), then `running`, then how it ended (`denied`: the person or the policy refused it). */
  status: 'approval' | 'running' | ToolCallOutcome;
  /** The server's result, once it ended (`done` or `error`). */
  result?: AgentToolResult;
}

/** Fired at the start and at the end of each call a browser agent made through WebMCP ("A browser agent ran Forecast"). */
export class PublishedToolCallEvent extends Event {
  static readonly eventName = 'mcp-published-tool-call';
  constructor(readonly call: PublishedToolCall) {
    super(PublishedToolCallEvent.eventName);
  }
}

/** Fired when the set of published tools changed (`published`, `problems`). */
export class PublishedToolsChangeEvent extends Event {
  static readonly eventName = 'mcp-published-tools-change';
  constructor() {
    super(PublishedToolsChangeEvent.eventName);
  }
}

/** Events of {@link WebMcpPublisher}. */
export interface WebMcpPublisherEventMap {
  'mcp-published-tool-call': PublishedToolCallEvent;
  'mcp-published-tools-change': PublishedToolsChangeEvent;
}

/** Options of {@link WebMcpPublisher}. */
export interface WebMcpPublisherOptions {
  /** Which tools: `"forecast, docs:search"` (see `parseToolPatterns`), parsed patterns, or a function of the hub tool. */
  tools: string | ToolPatterns | ((tool: PublishableHubTool) => boolean);
  /** Where to publish (default: `document.modelContext`, else `navigator.modelContext`). */
  modelContext?: ModelContextLike;
  /**
   * Asks the person whether a browser agent's call of a tool that is not
   * read-only may run (`<mcp-chat>` asks with an approval card). Resolves
   * true to run it; false (or a string: the reason, said to the agent)
   * refuses it; `signal` aborts when the agent cancels or the tool is
   * withdrawn. Without it, such calls are refused: any script on the page
   * shares `document.modelContext`, so a tool that changes things never runs
   * for one unless a person said yes.
   */
  approve?: (call: PublishedToolCall, signal: AbortSignal) => Promise<boolean | string> | boolean | string;
}

/** A tool a browser agent may run without asking the person: annotated read-only by its server, and not destructive. */
export function isHarmless(tool: PublishableHubTool['tool']): boolean {
  const hints = tool.annotations ?? {};
  return hints.readOnlyHint === true && hints.destructiveHint !== true;
}

/**
 * Whether a hub tool may be published under `patterns`: never an app-only
 * tool (MCP Apps); a tool named exactly is; one matched only by a wildcard
 * (or by a function filter) is published only when its server annotates it
 * read-only and not destructive, so a browser agent never gets a tool that
 * changes things unless the page owner named it.
 */
export function mayPublish(entry: PublishableHubTool, filter: WebMcpPublisherOptions['tools']): boolean {
  if (!isModelVisible(entry.tool)) return false;
  const harmless = isHarmless(entry.tool);
  if (typeof filter === 'function') {
    try {
      return filter(entry) === true && harmless;
    } catch {
      return false;
    }
  }
  const patterns = typeof filter === 'string' ? parseToolPatterns(filter) : filter;
  if (!patterns.allow.length) return false;
  const servers = [entry.connection.name, hostOf(entry.connection.url)];
  const own = matchPatterns(patterns, { tool: entry.tool.name, servers });
  const match = own === 'none' && entry.name !== entry.tool.name ? matchPatterns(patterns, { tool: entry.name, servers }) : own;
  return match === 'explicit' || (match === 'wildcard' && harmless);
}

let calls = 0;

/**
 * Publishes chosen tools of the connected MCP servers to the page's WebMCP
 * `modelContext`, so browser agents can call them: each under the hub's
 * model-facing name with its title, description, input schema and
 * `readOnlyHint`; `execute` calls the tool on its server and returns the
 * `CallToolResult` (`content`, `structuredContent`, `isError`; a failure is
 * an `isError` result with its message). A tool is withdrawn (its signal
 * aborted) when its server disconnects or stops listing it, or when it no
 * longer matches; `close()` withdraws all. Only server tools are ever
 * published: tools imported from the page (`WebMcpImport`) are not, and
 * the import skips what this published. A call of a tool that is not
 * read-only runs only once `options.approve` says yes (without it, it is
 * refused).
 *
 * @fires mcp-published-tool-call - a browser agent called a published tool ({@link PublishedToolCallEvent})
 * @fires mcp-published-tools-change - the published set changed ({@link PublishedToolsChangeEvent})
 */
export class WebMcpPublisher extends TypedEventTarget<WebMcpPublisherEventMap> {
  readonly #hub: PublishableHub;
  readonly #context: ModelContextLike | undefined;
  #filter: WebMcpPublisherOptions['tools'];
  readonly #approve: WebMcpPublisherOptions['approve'];
  /** Published name -> its registration. */
  readonly #live = new Map<string, { signature: string; stop: AbortController; running: Set<AbortController> }>();
  readonly #problems = new Map<string, string>();
  #listening?: AbortController;

  constructor(hub: PublishableHub, options: WebMcpPublisherOptions) {
    super();
    this.#hub = hub;
    this.#filter = options.tools;
    this.#approve = options.approve;
    this.#context = options.modelContext ?? pageModelContext();
  }

  /** True when the page has a WebMCP `modelContext` to publish to. */
  get available(): boolean {
    return !!this.#context;
  }

  /** The names published now. */
  get published(): readonly string[] {
    return [...this.#live.keys()];
  }

  /** Tools that matched but could not be published (name -> reason, e.g. the page already has a tool of that name). */
  get problems(): ReadonlyMap<string, string> {
    return this.#problems;
  }

  /** Starts publishing and following the hub; resolves when the first registrations are done. */
  start(): Promise<void> {
    if (this.#listening || !this.#context) return Promise.resolve();
    this.#listening = new AbortController();
    this.#hub.addEventListener('mcp-hub-change', () => void this.sync(), { signal: this.#listening.signal });
    this.#context.addEventListener('toolcancel', (e) => this.#cancel((e as Event & { toolName?: string }).toolName), {
      signal: this.#listening.signal,
    });
    return this.sync();
  }

  /** Changes which tools are published, at once. */
  setTools(tools: WebMcpPublisherOptions['tools']): Promise<void> {
    this.#filter = tools;
    return this.sync();
  }

  /** Withdraws every published tool and stops following the hub. */
  close(): void {
    this.#listening?.abort();
    this.#listening = undefined;
    for (const name of [...this.#live.keys()]) this.#withdraw(name);
    this.#problems.clear();
    this.dispatchEvent(new PublishedToolsChangeEvent());
  }

  /** Brings the published set in line with the hub's catalog (done on every hub change). */
  async sync(): Promise<void> {
    if (!this.#listening || !this.#context) return;
    const wanted = new Map<string, PublishableHubTool>();
    for (const entry of this.#hub.tools)
      if (entry.connection.state === 'connected' && mayPublish(entry, this.#filter)) wanted.set(entry.name, entry);
    let changed = false;
    for (const [name, live] of this.#live) {
      const entry = wanted.get(name);
      if (!entry || signature(entry) !== live.signature) {
        this.#withdraw(name);
        changed = true;
      }
    }
    for (const name of [...this.#problems.keys()]) if (!wanted.has(name)) this.#problems.delete(name);
    const adds = [...wanted].filter(([name]) => !this.#live.has(name)).map(([name, entry]) => this.#publish(name, entry));
    if (adds.length || changed) {
      await Promise.all(adds);
      this.dispatchEvent(new PublishedToolsChangeEvent());
    }
  }

  async #publish(name: string, entry: PublishableHubTool): Promise<void> {
    const context = this.#context!;
    const stop = new AbortController();
    const live = { signature: signature(entry), stop, running: new Set<AbortController>() };
    this.#live.set(name, live);
    const own = publishedOn.get(context) ?? new Set<string>();
    publishedOn.set(context, own);
    own.add(name);
    const { tool } = entry;
    const readOnly = tool.annotations?.readOnlyHint === true;
    try {
      await context.registerTool(
        {
          name,
          ...((tool.title ?? (tool.annotations?.title as string | undefined))
            ? { title: tool.title ?? (tool.annotations?.title as string) }
            : {}),
          description: tool.description?.trim() || tool.title || tool.name,
          inputSchema: tool.inputSchema,
          annotations: { readOnlyHint: readOnly },
          execute: (input) => this.#run(name, entry, input ?? {}, live.running),
        },
        { signal: stop.signal },
      );
      this.#problems.delete(name);
    } catch (error) {
      if (stop.signal.aborted) return;
      if (this.#live.get(name) === live) this.#live.delete(name);
      own.delete(name);
      this.#problems.set(name, `${tool.title ?? tool.name} could not be offered to browser agents: ${messageOf(error)}`);
    }
  }

  async #run(
    name: string,
    entry: PublishableHubTool,
    input: Record<string, unknown>,
    running: Set<AbortController>,
  ): Promise<AgentToolResult> {
    const stop = new AbortController();
    running.add(stop);
    const call: PublishedToolCall = {
      id: `published-${++calls}`,
      name,
      title: entry.tool.title ?? (entry.tool.annotations?.title as string | undefined) ?? entry.tool.name,
      server: entry.connection.name,
      input,
      status: 'running',
    };
    let result: AgentToolResult;
    let status: ToolCallOutcome;
    if (!isHarmless(entry.tool)) {
      const refused = await this.#ask(call, stop.signal);
      if (refused !== undefined) {
        running.delete(stop);
        result = { content: [{ type: 'text', text: refused }], isError: true };
        this.dispatchEvent(new PublishedToolCallEvent({ ...call, status: 'denied', result }));
        return result;
      }
    }
    this.dispatchEvent(new PublishedToolCallEvent(call));
    try {
      const raw = (await this.#hub.callTool(name, input, { signal: stop.signal })) as AgentToolResult;
      result = { content: Array.isArray(raw?.content) ? raw.content : [] };
      if (raw?.structuredContent !== undefined) result.structuredContent = raw.structuredContent;
      if (raw?.isError) result.isError = true;
      status = result.isError ? 'error' : 'done';
    } catch (error) {
      status = stop.signal.aborted ? 'cancelled' : 'error';
      result = {
        content: [{ type: 'text', text: status === 'cancelled' ? 'The call was cancelled.' : `The tool failed: ${messageOf(error)}` }],
        isError: true,
      };
    } finally {
      running.delete(stop);
    }
    this.dispatchEvent(new PublishedToolCallEvent({ ...call, status, result }));
    return result;
  }

  /** Asks the person about a call of a tool that is not read-only: undefined when it may run, else why not (said to the agent). */
  async #ask(call: PublishedToolCall, signal: AbortSignal): Promise<string | undefined> {
    if (!this.#approve)
      return 'This tool changes things and runs only when a person allows it; nobody here can be asked, so it did not run.';
    this.dispatchEvent(new PublishedToolCallEvent({ ...call, status: 'approval' }));
    let answer: boolean | string;
    try {
      answer = await Promise.race([
        Promise.resolve(this.#approve(call, signal)),
        new Promise<string>((resolve) =>
          signal.aborted ? resolve('') : signal.addEventListener('abort', () => resolve(''), { once: true }),
        ),
      ]);
    } catch (error) {
      answer = `The person could not be asked: ${messageOf(error)}`;
    }
    if (signal.aborted) return 'The call was cancelled before the person allowed it.';
    if (answer === true) return undefined;
    return typeof answer === 'string' && answer ? answer : 'The person did not allow this tool call.';
  }

  #cancel(toolName: string | undefined): void {
    const live = toolName ? this.#live.get(toolName) : undefined;
    for (const stop of live?.running ?? []) stop.abort();
  }

  #withdraw(name: string): void {
    const live = this.#live.get(name);
    if (!live) return;
    this.#live.delete(name);
    publishedOn.get(this.#context!)?.delete(name);
    for (const stop of live.running) stop.abort();
    live.stop.abort();
  }
}

const signature = (entry: PublishableHubTool) =>
  JSON.stringify([
    entry.connection.url,
    entry.tool.name,
    entry.tool.title,
    entry.tool.description,
    entry.tool.inputSchema,
    entry.tool.annotations?.readOnlyHint,
  ]);

function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}
