import type { AgentCallOptions, AgentTool, AgentToolHost, AgentToolResult } from '../agent/types.js';
import { TypedEventTarget } from '../content/typed-event-target.js';
import { currentPageName, currentPageOrigin, pageToolKey, publishedOn, webMcpSource } from './page-name.js';
import { PageToolsChangeEvent, objectSchema, type PageToolsEventMap } from './page-tool-registry.js';
import { errorResult, markUntrusted, messageOf, resultFromSerialized } from './page-tool-result.js';
import { pageToolPredicate, type PageToolFilter } from './tool-patterns.js';
import { pageModelContext, type ModelContextLike, type ModelContextToolInfo } from './types.js';

/** Options of {@link WebMcpImport}. */
export interface WebMcpImportOptions {
  /** Where to read tools from (default: `document.modelContext`, else `navigator.modelContext`). */
  modelContext?: ModelContextLike;
  /** Which tools to take: a pattern list (`"search_* -checkout"`) or a function; default all. */
  filter?: PageToolFilter | null;
  /** The page's name for people (default: `document.title`, else the host); the tools' "server" is it with " (WebMCP)" (`webMcpSource`). */
  pageName?: string | (() => string);
}

/**
 * The tools registered on the page's WebMCP `modelContext` (by the page's
 * own scripts, its same-origin frames, or a polyfill), as an
 * `AgentToolHost`: listed under their own names with the page as their
 * server, re-read on every `toolchange`, filtered, and called through
 * `modelContext.executeTool`. Tools this library published there itself
 * (`WebMcpPublisher`) are never taken back. Results of tools annotated
 * `untrustedContentHint` are marked untrusted (`_meta`), which makes every
 * request wrap them for the model as data.
 *
 * Call {@link start} to begin (and {@link close} to stop listening).
 * Without WebMCP in the browser it lists nothing (`available` is false).
 *
 * @fires mcp-page-tools-change - the imported list changed ({@link PageToolsChangeEvent})
 */
export class WebMcpImport extends TypedEventTarget<PageToolsEventMap> implements AgentToolHost {
  readonly #context: ModelContextLike | undefined;
  readonly #options: WebMcpImportOptions;
  #accept: (tool: ModelContextToolInfo) => boolean;
  #infos: ModelContextToolInfo[] = [];
  #listed?: AgentTool[];
  #sequence = 0;
  #stop?: AbortController;
  #problem?: string;
  /** The `modelContext` wants the input as a JSON string (learnt from its first refusal). */
  #stringInput = false;

  constructor(options: WebMcpImportOptions = {}) {
    super();
    this.#options = options;
    this.#context = options.modelContext ?? pageModelContext();
    this.#accept = acceptor(options.filter);
  }

  /** True when the page has a `modelContext` this can read (`getTools` and `executeTool`). */
  get available(): boolean {
    return typeof this.#context?.getTools === 'function' && typeof this.#context.executeTool === 'function';
  }

  /** Why the last reading of the tools failed, if it did (for a Servers panel to say so). */
  get problem(): string | undefined {
    return this.#problem;
  }

  /** Starts following the page's tools; resolves when the first reading is in. */
  start(): Promise<void> {
    if (this.#stop || !this.available) return Promise.resolve();
    this.#stop = new AbortController();
    this.#context!.addEventListener('toolchange', () => void this.sync(), { signal: this.#stop.signal });
    return this.sync();
  }

  /** Stops following; the list becomes empty. */
  close(): void {
    this.#stop?.abort();
    this.#stop = undefined;
    this.#sequence++;
    this.#set([]);
  }

  /** Changes the filter and applies it at once. */
  setFilter(filter: PageToolFilter | null | undefined): Promise<void> {
    this.#accept = acceptor(filter);
    return this.sync();
  }

  /** Reads the page's tools again (done on every `toolchange`); a reading overtaken by a newer one is dropped. */
  async sync(): Promise<void> {
    if (!this.#stop || !this.available) return;
    const sequence = ++this.#sequence;
    let infos: ModelContextToolInfo[];
    try {
      infos = [...((await this.#context!.getTools!()) ?? [])];
      this.#problem = undefined;
    } catch (error) {
      if (sequence !== this.#sequence) return;
      this.#problem = `The page's tools could not be read: ${messageOf(error)}`;
      infos = [];
    }
    if (sequence !== this.#sequence) return;
    const own = publishedOn.get(this.#context!) ?? new Set<string>();
    this.#set(infos.filter((t) => t && typeof t.name === 'string' && !own.has(t.name) && this.#accept(t)));
  }

  /** The imported tools, under their own names (same array until the list changes). */
  listTools(): AgentTool[] {
    if (!this.#listed) {
      const name = this.#options.pageName;
      const pageName = (typeof name === 'function' ? name() : name) || currentPageName();
      const here = currentPageOrigin();
      this.#listed = this.#infos.map((info) => {
        const origin = typeof info.origin === 'string' && info.origin ? info.origin : here;
        const annotations = info.annotations && typeof info.annotations === 'object' ? { ...info.annotations } : undefined;
        return {
          name: info.name,
          description: typeof info.description === 'string' ? info.description : '',
          inputSchema: objectSchema(typeof info.inputSchema === 'string' ? parseSchema(info.inputSchema) : info.inputSchema),
          ...(annotations ? { annotations } : {}),
          ...(typeof info.title === 'string' && info.title ? { title: info.title } : {}),
          // Said wherever the tool shows (card, approval, palette, history): it came from the page's WebMCP registry, which any script may fill.
          server: webMcpSource(origin === here ? pageName : hostOf(origin)),
          key: pageToolKey(origin, info.name),
        };
      });
    }
    return this.#listed;
  }

  /**
   * Runs an imported tool through `modelContext.executeTool`. A tool that
   * failed (Chromium reports only that it threw) or is gone is an `isError`
   * result; rejects with an `AbortError` when `options.signal` stops it
   * (WebMCP then fires `toolcancel` to the page).
   */
  async callTool(name: string, args: Record<string, unknown>, options: Partial<AgentCallOptions> = {}): Promise<AgentToolResult> {
    const info = this.#infos.find((t) => t.name === name);
    if (!info || !this.available) return errorResult(`The page no longer offers a tool named ${name}.`);
    const signal = options.signal;
    let raw: unknown;
    try {
      raw = await this.#execute(info, args ?? {}, signal);
    } catch (error) {
      if (signal?.aborted || (error as { name?: string })?.name === 'AbortError') throw error;
      return errorResult(`The page tool ${info.title || name} failed: ${thrownMessage(error)}`);
    }
    const result = resultFromSerialized(raw);
    return info.annotations?.untrustedContentHint ? markUntrusted(result) : result;
  }

  async #execute(info: ModelContextToolInfo, args: Record<string, unknown>, signal: AbortSignal | undefined): Promise<unknown> {
    const context = this.#context!;
    const options = signal ? { signal } : {};
    if (this.#stringInput) return context.executeTool!(info, JSON.stringify(args), options);
    try {
      return await context.executeTool!(info, args, options);
    } catch (error) {
      // Chromium 156 takes the input as an object; earlier builds and the
      // `@mcp-b/global` polyfill (5.x) take a JSON string, and refuse an object
      // before the tool runs (a TypeError, or the polyfill's UnknownError
      // "Failed to parse input arguments"), so retrying cannot run it twice.
      if (!refusedInput(error)) throw error;
      this.#stringInput = true;
      return context.executeTool!(info, JSON.stringify(args), options);
    }
  }

  #set(infos: ModelContextToolInfo[]): void {
    const same = infos.length === this.#infos.length && infos.every((t, i) => sameInfo(t, this.#infos[i]!));
    this.#infos = infos;
    if (same) return;
    this.#listed = undefined;
    this.dispatchEvent(new PageToolsChangeEvent());
  }
}

/**
 * The page's own message of a tool that threw: the `@mcp-b/global` polyfill
 * prefixes it with its generic sentence ("Tool was executed but the invocation
 * failed. For example, the script function threw an error: ..."), which says
 * nothing to a person or a model; Chromium gives no message at all.
 */
function thrownMessage(error: unknown): string {
  return messageOf(error).replace(/^Tool was executed but the invocation failed\.[^:]*:\s*/, '');
}

function refusedInput(error: unknown): boolean {
  const message = (error as { message?: unknown } | null)?.message;
  if (typeof message !== 'string') return false;
  return (error instanceof TypeError && /not an object|JSON|string/i.test(message)) || /^Failed to parse input arguments/i.test(message);
}

function acceptor(filter: PageToolFilter | null | undefined): (tool: ModelContextToolInfo) => boolean {
  const test = pageToolPredicate(filter);
  return (tool) =>
    test({
      name: tool.name,
      ...(typeof tool.title === 'string' ? { title: tool.title } : {}),
      ...(typeof tool.origin === 'string' ? { origin: tool.origin } : {}),
    });
}

function parseSchema(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function hostOf(origin: string): string {
  try {
    return new URL(origin).host || origin;
  } catch {
    return origin;
  }
}

const describe = (t: ModelContextToolInfo) => JSON.stringify([t.name, t.title, t.description, t.inputSchema, t.annotations, t.origin]);

function sameInfo(a: ModelContextToolInfo, b: ModelContextToolInfo): boolean {
  return a === b || describe(a) === describe(b);
}
