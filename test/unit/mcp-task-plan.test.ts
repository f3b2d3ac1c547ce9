import { expect, test } from 'vitest';
import type { ServerCapabilities, Tool } from '@modelcontextprotocol/client';
import { taskPlan, TASKS_EXTENSION } from '../../src/mcp/tasks.js';

// Which tools the client can run as tasks, per era and capability. The real
// servers in test/browser/mcp-tasks.test.ts all declare tasks; the cases where
// a server marks a tool task-only without declaring tasks are only made here.
const tool = (taskSupport?: 'required' | 'optional' | 'forbidden'): Tool =>
  ({ name: 't', inputSchema: { type: 'object' }, ...(taskSupport ? { execution: { taskSupport } } : {}) }) as Tool;
const legacyTasks = { tasks: { requests: { tools: { call: {} } } } } as ServerCapabilities;
const modernTasks = { extensions: { [TASKS_EXTENSION]: {} } } as unknown as ServerCapabilities;

test('2025: a task tool runs as a task when the server declares tasks for tools/call, plainly otherwise', () => {
  expect(taskPlan('legacy', legacyTasks, tool('required'))).toEqual({ mode: 'task', form: 'legacy' });
  expect(taskPlan('legacy', legacyTasks, tool('optional'))).toEqual({ mode: 'task', form: 'legacy' });
  expect(taskPlan('legacy', legacyTasks, tool())).toEqual({ mode: 'plain' });
  expect(taskPlan('legacy', legacyTasks, tool('forbidden'))).toEqual({ mode: 'plain' });
  expect(taskPlan('legacy', {}, tool('optional'))).toEqual({ mode: 'plain' });
});

test('2025: a task-only tool of a server that does not declare tasks cannot run, with a reason for the Servers panel', () => {
  expect(taskPlan('legacy', { tools: {} }, tool('required'))).toEqual({
    mode: 'unsupported',
    reason: expect.stringMatching(/must run as a task.*capabilities\.tasks\.requests\.tools\.call/),
  });
});

test('2026: the server decides when it offers the extension; a task-only tool needs the extension', () => {
  expect(taskPlan('modern', modernTasks, tool())).toEqual({ mode: 'task', form: 'modern' });
  expect(taskPlan('modern', { tools: {} }, tool())).toEqual({ mode: 'plain' });
  expect(taskPlan('modern', { tools: {} }, tool('required'))).toEqual({
    mode: 'unsupported',
    reason: expect.stringContaining(TASKS_EXTENSION),
  });
});
