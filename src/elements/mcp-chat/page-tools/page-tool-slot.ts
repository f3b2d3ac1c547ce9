import type { AgentCallOptions, AgentTool, AgentToolHost, AgentToolResult } from '../../../agent/types.js';
import { TypedEventTarget } from '../../../content/typed-event-target.js';
import type { PageToolRegistry, PageToolsEventMap } from '../../../page-tools/page-tool-registry.js';
import type { PageTool, RegisterToolOptions } from '../../../page-tools/types.js';
import type { Loader } from '../../shared/lazy.js';

/** The registry's code (src/page-tools/page-tool-registry.ts, a chunk: chunks.ts), loaded at the first `registerTool()`. */
export type PageToolRegistryCode = Loader<{ PageToolRegistry: typeof PageToolRegistry }>;

const NO_PAGE_TOOLS: readonly AgentTool[] = Object.freeze([]);

/**
 * The chat's source of the page's own tools, joined to the servers' catalog
 * when the chat is made (so it keeps its place before the WebMCP import, as
 * the names of tools depend on the order of sources). It lists no tool until
 * the page first calls `registerTool()`, which loads the
 * {@link PageToolRegistry} and hands every call on to it; a chat whose page
 * registers no tools never loads it.
 */
export class PageToolSlot extends TypedEventTarget<PageToolsEventMap> implements AgentToolHost {
  readonly #code: PageToolRegistryCode;
  #registry?: PageToolRegistry;

  constructor(code: PageToolRegistryCode) {
    super();
    this.#code = code;
  }

  /** `chat.registerTool`: loads the registry once, then registers (rejects as the registry does, or when its code cannot be loaded). */
  async registerTool(tool: PageTool, options?: RegisterToolOptions): Promise<void> {
    if (!this.#registry) {
      const { PageToolRegistry } = this.#code.value ?? (await this.#code.load());
      if (!this.#registry) {
        const registry = new PageToolRegistry();
        registry.addEventListener('mcp-page-tools-change', () => this.dispatchEvent(new Event('mcp-page-tools-change')));
        this.#registry = registry;
      }
    }
    return this.#registry.registerTool(tool, options);
  }

  /**
   * The same empty array every time until the registry exists: the merged catalog (`combineToolHosts`) is built
   * again, names assigned to every server tool, whenever a source's list is a new array.
   */
  listTools(): readonly AgentTool[] {
    return this.#registry?.listTools() ?? NO_PAGE_TOOLS;
  }

  callTool(name: string, args: Record<string, unknown>, options: AgentCallOptions): Promise<AgentToolResult> {
    // Nothing is listed before the registry exists; as the registry answers for a tool it no longer has.
    if (!this.#registry)
      return Promise.resolve({ content: [{ type: 'text', text: `The page no longer offers a tool named ${name}.` }], isError: true });
    return this.#registry.callTool(name, args, options);
  }
}
