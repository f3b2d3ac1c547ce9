import { allowAll } from '../../src/agent/approval.js';
import { hubToolHost } from '../../src/agent/hub-tools.js';
import { runTurn } from '../../src/agent/run-turn.js';
import type { ToolUseBlock } from '../../src/content/index.js';
import type { McpHub } from '../../src/mcp/hub.js';
import { schemaMismatch } from '../../src/providers/structured-output-check.js';
import type { ModelProvider } from '../../src/providers/types.js';
import type { EvalServer, EvalTask } from './tasks.js';

/** The outcome of one task. */
export interface EvalResult {
  id: string;
  /** Right tool (or rightly none), valid arguments, the turn ended with an answer that holds the expected words. */
  success: boolean;
  /** The first tool the model called is the task's tool (for a no-tool task: it called none). */
  rightTool: boolean;
  /** The call's arguments match the tool's input schema and the task's check (true when no call was due). */
  validArgs: boolean;
  /** Provider calls in the turn. */
  rounds: number;
  ms: number;
  /** The tools called, in order. */
  called: string[];
  /** Why the turn ended, and the error when it failed. */
  reason: string;
  error?: string;
}

/** Options of {@link runEval}. */
export interface RunEvalOptions {
  provider: ModelProvider;
  /** A connected hub per server. */
  hubs: Record<EvalServer, McpHub>;
  tasks: readonly EvalTask[];
  /** Before each task (the fake provider is scripted here). */
  beforeTask?: (task: EvalTask) => Promise<void>;
  onResult?: (result: EvalResult) => void;
  /** Provider calls per task (default 4). */
  maxRounds?: number;
}

/**
 * Runs each task as one chat turn through the real agent loop (the same
 * `runTurn` as `<mcp-chat>`, every tool allowed) and grades it. Runs in Node
 * and in a browser alike.
 */
export async function runEval(options: RunEvalOptions): Promise<EvalResult[]> {
  const results: EvalResult[] = [];
  for (const task of options.tasks) {
    await options.beforeTask?.(task);
    const host = hubToolHost(options.hubs[task.server]);
    const started = performance.now();
    const turn = await runTurn({
      provider: options.provider,
      tools: host,
      policy: allowAll,
      maxRounds: options.maxRounds ?? 4,
      systemPrompt: 'You are a helpful assistant. Use a tool when the person asks for something a tool does; otherwise answer directly.',
      messages: [{ role: 'user', content: [{ type: 'text', text: task.prompt }] }],
    });
    const ms = Math.round(performance.now() - started);
    const uses = turn.messages.flatMap((m) => m.content).filter((b): b is ToolUseBlock => b.type === 'tool_use');
    const first = uses[0];
    const rightTool = task.tool === null ? uses.length === 0 : first?.name === task.tool;
    let validArgs = task.tool === null || !first ? task.tool === null : false;
    if (first && task.tool !== null) {
      const schema = host.findTool(first.name)?.inputSchema as Record<string, unknown> | undefined;
      const input = (first.input ?? {}) as Record<string, unknown>;
      validArgs = (!schema || schemaMismatch(schema, input) === undefined) && (task.argsOk?.(input) ?? true);
    }
    const last = turn.messages.at(-1);
    const answer = last?.role === 'assistant' ? last.content.map((b) => (b.type === 'text' ? b.text : '')).join('') : '';
    const answered =
      turn.reason === 'endTurn' && answer.trim() !== '' && (!task.answerHas || answer.toLowerCase().includes(task.answerHas.toLowerCase()));
    const result: EvalResult = {
      id: task.id,
      success: rightTool && validArgs && answered,
      rightTool,
      validArgs,
      rounds: turn.rounds,
      ms,
      called: uses.map((u) => u.name),
      reason: turn.reason,
      ...(turn.error ? { error: turn.error instanceof Error ? turn.error.message : String(turn.error) } : {}),
    };
    results.push(result);
    options.onResult?.(result);
  }
  return results;
}

/** The results as a Markdown table (what docs/models.md shows). */
export function evalTable(results: readonly EvalResult[]): string {
  const yes = (b: boolean) => (b ? 'yes' : 'no');
  const rows = results.map(
    (r) =>
      `| ${r.id} | ${yes(r.success)} | ${yes(r.rightTool)} | ${yes(r.validArgs)} | ${r.rounds} | ${r.ms} | ${r.called.join(', ') || '-'} |`,
  );
  const passed = results.filter((r) => r.success).length;
  return [
    '| task | success | right tool | valid arguments | rounds | ms | tools called |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    `${passed} of ${results.length} tasks succeeded.`,
  ].join('\n');
}
