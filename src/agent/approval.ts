import type { ApprovalPolicy } from './types.js';

/**
 * Asks the person before running a tool that its server marks
 * `destructiveHint: true`; runs every other tool at once.
 *
 * The spec's own default for an unannotated tool is "may be destructive";
 * asking for every unannotated tool would ask for nearly all of them, so
 * only an explicit hint asks. Use {@link askAlways} to confirm everything.
 */
export const defaultApprovalPolicy: ApprovalPolicy = (tool) =>
  tool.annotations?.destructiveHint === true && tool.annotations.readOnlyHint !== true ? 'ask' : 'allow';

/** Asks the person before every tool call. */
export const askAlways: ApprovalPolicy = () => 'ask';

/** Runs every tool without asking (for trusted, read-only setups). */
export const allowAll: ApprovalPolicy = () => 'allow';
