import { CONTENT_STRINGS_EN, type ContentStrings } from '../../shared/content-strings.js';

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

/** Words a person reads for each status, from a strings table. */
export function statusLabels(t: ContentStrings): Record<ToolCallStatus, string> {
  return {
    pending: t.toolWaiting,
    approval: t.toolNeedsApproval,
    running: t.toolRunning,
    done: t.toolDone,
    error: t.toolFailed,
    cancelled: t.toolStopped,
    denied: t.toolDenied,
  };
}

/** Words a person reads for each status, in English. */
export const STATUS_LABELS: Record<ToolCallStatus, string> = statusLabels(CONTENT_STRINGS_EN);
