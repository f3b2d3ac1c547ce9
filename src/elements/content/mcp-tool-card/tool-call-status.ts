/**
 * Where a tool call stands, as `<mcp-tool-card>` shows it:
 * `approval` waits for the person, `running` has been sent, `done` / `error`
 * carry a result, `cancelled` was stopped, `denied` was refused by the person.
 */
export const TOOL_CALL_STATUS = ['pending', 'approval', 'running', 'done', 'error', 'cancelled', 'denied'] as const;

/** One of {@link TOOL_CALL_STATUS}. */
export type ToolCallStatus = (typeof TOOL_CALL_STATUS)[number];

/** Progress of a running call, as `notifications/progress` reports it. */
export interface ToolCallProgress {
  progress: number;
  total?: number;
  message?: string;
}

/** Words a person reads for each status. */
export const STATUS_LABELS: Record<ToolCallStatus, string> = {
  pending: 'Waiting',
  approval: 'Needs your approval',
  running: 'Running…',
  done: 'Done',
  error: 'Failed',
  cancelled: 'Stopped',
  denied: 'Denied',
};
