import type { AgentTool, ApprovalDecision, ApprovalPolicy } from './types.js';

/**
 * The spec's defaults for tool annotations: `readOnlyHint` defaults to false
 * and `destructiveHint` to true. So a tool runs without asking only when its
 * server says it is read-only (and not, in the same breath, destructive) or
 * explicitly not destructive; a tool with no annotations, or
 * `readOnlyHint: false` without `destructiveHint`, asks first. Annotations are
 * hints from an untrusted server: {@link ToolApprovals} lets the person make
 * any tool ask first.
 */
export const defaultApprovalPolicy: ApprovalPolicy = (tool) => {
  const hints = tool.annotations ?? {};
  if (hints.destructiveHint === true) return 'ask';
  if (hints.readOnlyHint === true) return 'allow';
  return hints.destructiveHint === false ? 'allow' : 'ask';
};

/** Asks the person before every tool call. */
export const askAlways: ApprovalPolicy = () => 'ask';

/** Runs every tool without asking (for trusted, read-only setups). */
export const allowAll: ApprovalPolicy = () => 'allow';

/** The key per-tool choices are kept under: `tool.key` (server address + tool name), else its model-facing name. */
export const toolKey = (tool: Pick<AgentTool, 'key' | 'name'>): string => tool.key ?? tool.name;

/**
 * The person's own choices per tool, over a base policy: "always allow" and
 * "ask first" (which wins over annotations that say the tool is harmless).
 * Keyed by {@link toolKey}: the server's address and the tool's own name, so
 * a same-named tool of another server is another tool. With a `Storage`
 * (e.g. `localStorage`) the choices survive a reload.
 */
export class ToolApprovals {
  readonly #choices = new Map<string, Exclude<ApprovalDecision, 'deny'>>();
  readonly #base: ApprovalPolicy;
  readonly #storage?: Storage;
  readonly #key: string;

  constructor(options: { base?: ApprovalPolicy; storage?: Storage; storageKey?: string } = {}) {
    this.#base = options.base ?? defaultApprovalPolicy;
    this.#storage = options.storage;
    this.#key = options.storageKey ?? 'mcp-elements:tool-approvals';
    try {
      const saved: unknown = JSON.parse(this.#storage?.getItem(this.#key) ?? '{}');
      for (const [key, choice] of Object.entries(saved ?? {})) if (choice === 'allow' || choice === 'ask') this.#choices.set(key, choice);
    } catch {
      // Unreadable storage: start empty.
    }
  }

  /** The policy to give `runTurn` (or `<mcp-chat>.policy`): the person's choice, else the base policy. */
  readonly policy: ApprovalPolicy = (tool, input) => this.#choices.get(toolKey(tool)) ?? this.#base(tool, input);

  /** The person's choice for a tool, if any. */
  get(tool: Pick<AgentTool, 'key' | 'name'>): 'allow' | 'ask' | undefined {
    return this.#choices.get(toolKey(tool));
  }

  /** Runs the tool from now on without asking. */
  alwaysAllow(tool: Pick<AgentTool, 'key' | 'name'>): void {
    this.#set(toolKey(tool), 'allow');
  }

  /** Asks before every call of the tool, whatever its annotations say. */
  askFirst(tool: Pick<AgentTool, 'key' | 'name'>): void {
    this.#set(toolKey(tool), 'ask');
  }

  /** Forgets the person's choice: the base policy decides again. */
  reset(tool: Pick<AgentTool, 'key' | 'name'>): void {
    this.#set(toolKey(tool), undefined);
  }

  /** Forgets every choice. */
  clear(): void {
    this.#choices.clear();
    this.#save();
  }

  #set(key: string, choice: 'allow' | 'ask' | undefined): void {
    if (choice) this.#choices.set(key, choice);
    else this.#choices.delete(key);
    this.#save();
  }

  #save(): void {
    try {
      this.#storage?.setItem(this.#key, JSON.stringify(Object.fromEntries(this.#choices)));
    } catch {
      // Storage full or blocked: the choices hold for this page.
    }
  }
}
