/**
 * The shapes of WebMCP (webmachinelearning/webmcp, `document.modelContext`)
 * this library reads and writes, kept structural so nothing here depends on
 * a browser's own typings (which do not exist yet).
 */
import type { AgentToolResult } from '../agent/types.js';

/**
 * Hints a page gives about a tool. WebMCP defines `readOnlyHint` and
 * `untrustedContentHint`; `destructiveHint` (and the other MCP hints) are
 * read too, with MCP's meaning, so a page can say the same as a server.
 */
export interface PageToolAnnotations {
  /** The tool only reads: it runs without asking the person. */
  readOnlyHint?: boolean;
  /** The tool's result holds content the page does not vouch for: it is marked and wrapped for the model. */
  untrustedContentHint?: boolean;
  /** The tool may destroy something: the person is always asked. */
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
  [key: string]: unknown;
}

/**
 * What a page's tool may return: a string (one text block), an MCP
 * `CallToolResult` (`{ content: [...] }`, passed on as it is), or any other
 * JSON value (shown as JSON text and given as `structuredContent` when it is
 * an object).
 */
export type PageToolReturn = string | AgentToolResult | unknown;

/**
 * A tool a page gives: the dictionary of WebMCP's `registerTool`
 * (`ModelContextTool`).
 */
export interface PageTool {
  /** 1-128 characters: letters, digits, `_`, `-`, `.` (WebMCP's rule). */
  name: string;
  /** Human title (shown on cards and in the palette). */
  title?: string;
  /** What the tool does, for the model. Required, not empty. */
  description: string;
  /** JSON schema of the input (`type: 'object'`); none means no arguments. */
  inputSchema?: Record<string, unknown>;
  annotations?: PageToolAnnotations;
  /** Runs the tool; may be async. A thrown error becomes an `isError` result. */
  execute(input: Record<string, unknown>, client?: unknown): PageToolReturn | Promise<PageToolReturn>;
}

/** Options of `registerTool` (WebMCP's `ModelContextRegisterToolOptions`). */
export interface RegisterToolOptions {
  /** Aborting it removes the tool. */
  signal?: AbortSignal;
}

/** A tool as `document.modelContext.getTools()` lists it (Chromium 156: no `execute`, plus the page's `origin`). */
export interface ModelContextToolInfo {
  name: string;
  title?: string | null;
  description: string;
  inputSchema?: Record<string, unknown> | string | null;
  annotations?: PageToolAnnotations | null;
  /** The origin of the document that registered it. */
  origin?: string;
  [key: string]: unknown;
}

/**
 * `document.modelContext` (or `navigator.modelContext`), the part of it this
 * library uses. `registerTool` is WebMCP's; `getTools` and `executeTool` are
 * the agent side Chromium ships behind `--enable-features=WebMCP`
 * (`executeTool(tool, input, { signal })` resolves with the result
 * serialized to a string; Chromium 156 takes the input as an object,
 * earlier builds as a JSON string).
 */
export interface ModelContextLike extends EventTarget {
  registerTool(tool: PageTool, options?: RegisterToolOptions): Promise<void> | void;
  getTools?(): Promise<readonly ModelContextToolInfo[]> | readonly ModelContextToolInfo[];
  executeTool?(tool: ModelContextToolInfo, input: unknown, options?: { signal?: AbortSignal }): Promise<unknown>;
}

/**
 * The page's `modelContext`: `document.modelContext` (the spec's place),
 * else `navigator.modelContext` (earlier drafts and polyfills such as
 * `@mcp-b/global`), else undefined (WebMCP is not available: Chromium
 * without `--enable-features=WebMCP`, other browsers).
 */
export function pageModelContext(scope: { document?: unknown; navigator?: unknown } = globalThis): ModelContextLike | undefined {
  const fromDocument = (scope.document as { modelContext?: unknown } | undefined)?.modelContext;
  const fromNavigator = (scope.navigator as { modelContext?: unknown } | undefined)?.modelContext;
  const found = fromDocument ?? fromNavigator;
  return found && typeof (found as ModelContextLike).registerTool === 'function' ? (found as ModelContextLike) : undefined;
}
