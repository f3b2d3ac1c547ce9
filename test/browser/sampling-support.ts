import type { CallToolResult } from '@modelcontextprotocol/client';
import { InputRouter, McpConnection } from '../../src/mcp/index.js';
import {
  registerSamplingApproval,
  type SamplingApprovalOptions,
} from '../../src/elements/mcp-sampling-approval/register-sampling-approval.js';
import type { McpSamplingApproval } from '../../src/elements/mcp-sampling-approval/mcp-sampling-approval.js';

/**
 * Test wiring for the sampling approval: the project's connection layer
 * (real SDK client over HTTP to a real server) with an input router whose
 * sampling handler is `registerSamplingApproval`, the element placed in the page.
 */
export interface TestSetup {
  connection: McpConnection;
  router: InputRouter;
  element: McpSamplingApproval;
  container: HTMLElement;
  /** Calls a tool as the chat would, with a tool_use id the handler's context names. */
  call(name: string, args: Record<string, unknown>, toolUseId?: string): Promise<CallToolResult>;
  close(): Promise<void>;
}

export async function setUp(url: string, era: 'legacy' | 'modern', options: SamplingApprovalOptions = {}): Promise<TestSetup> {
  const router = new InputRouter();
  const container = document.createElement('div');
  document.body.append(container);
  const { element, dispose } = registerSamplingApproval(router, container, options);
  const connection = new McpConnection({ url, era }, { router });
  await connection.connect();
  return {
    connection,
    router,
    element,
    container,
    call: (name, args, toolUseId = `toolu_${name}_${Math.random().toString(36).slice(2, 8)}`) =>
      connection.callTool(name, args, { toolUseId }),
    async close() {
      await connection.close();
      dispose();
      container.remove();
    },
  };
}

/** Resolves when `check` returns a truthy value (polled every 20 ms), or fails after `timeoutMs`. */
export async function until<T>(check: () => T | undefined | null | false, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Shadow-root query on the element. */
export const $ = <T extends Element = HTMLElement>(el: McpSamplingApproval, selector: string) => el.shadowRoot!.querySelector<T>(selector);

/** The element's visible text, whitespace collapsed (textarea values are not included). */
export const textOf = (el: McpSamplingApproval) => el.shadowRoot!.textContent?.replace(/\s+/g, ' ') ?? '';

/** Resolves once a request is shown. */
export const shown = (el: McpSamplingApproval) => until(() => !el.hidden && $(el, '[part~="base"]'), 10_000, 'the sampling view');

/** The base URL of the fake providers (for their /__last-request endpoint). */
export const fakeBase = (providerUrl: string) => providerUrl.replace(/\/(openai|anthropic)\/v1$/, '');

/** The last request the fake providers received whose body contains `contains`. */
export async function lastProviderRequest(providerUrl: string, contains: string): Promise<{ provider: string; body: any }> {
  const res = await fetch(`${fakeBase(providerUrl)}/__last-request?contains=${encodeURIComponent(contains)}`);
  if (!res.ok) throw new Error(`no provider request containing ${contains}`);
  return res.json();
}
