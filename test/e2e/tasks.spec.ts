import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { openFromMenu } from './menu.js';
import { startEverything } from '../servers/everything.js';
import { startTasksServer } from '../servers/tasks-server.js';
import type { RunningServer } from '../servers/running-server.js';

// MCP tasks in <mcp-chat>, in a real page with real IndexedDB and a real
// reload: server-everything's simulate-research-query (2025-11-25 form) and
// the official-SDK 2026 server of test/servers/tasks-server.ts (extension form).
let everything: RunningServer;
let tasks: RunningServer;
test.beforeAll(async () => {
  [everything, tasks] = await Promise.all([startEverything(), startTasksServer()]);
});
test.afterAll(async () => {
  await Promise.allSettled([everything?.close(), tasks?.close()]);
});

async function openChat(page: Page, server: string): Promise<void> {
  await page.goto(`index.html?${new URLSearchParams({ server })}`);
  await expect(page.locator('mcp-chat').getByRole('button', { name: /: connected$/ })).toBeVisible({ timeout: 15_000 });
}

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const card = (page: Page) => page.locator('mcp-tool-card').last();

/** Runs a tool from the palette (no model), filling its form. */
async function runFromPalette(page: Page, search: string, option: RegExp, fill: Record<string, string>): Promise<void> {
  await composer(page).click();
  await page.keyboard.type(`/${search}`);
  await expect(page.getByRole('option', { name: option })).toBeVisible();
  await page.keyboard.press('Enter');
  for (const [label, value] of Object.entries(fill)) await page.getByLabel(label).fill(value);
  await page.getByRole('button', { name: 'Run' }).click();
}

test('server-everything: simulate-research-query from the palette shows the task status while it runs and lands its report', async ({
  page,
}) => {
  await openChat(page, everything.url);
  await runFromPalette(page, 'simul', /Simulate Research Query/, { 'topic *': 'tide pools' });
  await expect(card(page).locator('.progress-message')).toHaveText(/Gathering sources|Analyzing content|Synthesizing findings/, {
    timeout: 10_000,
  });
  await expect(card(page).locator('[part="status"]')).toHaveText('Done', { timeout: 15_000 });
  // Run from the palette: the card stays open with the report.
  await expect(card(page).locator('[part="result"]').getByText('Research Report: tide pools')).toBeVisible();
});

test('2026 tasks extension: a reload mid-task resumes polling and the result lands in the saved conversation', async ({ page }) => {
  await openChat(page, tasks.url);
  await runFromPalette(page, 'repo', /report/, { steps: '24' });
  await expect(card(page).locator('.progress-message')).toHaveText(/Step [3-9] of 24/, { timeout: 10_000 });
  await page.reload();
  await expect(page.locator('mcp-chat').getByRole('button', { name: /: connected$/ })).toBeVisible({ timeout: 15_000 });
  await expect(card(page).locator('.progress-message')).toHaveText(/Step \d+ of 24/, { timeout: 10_000 });
  await expect(card(page).locator('[part="status"]')).toHaveText('Done', { timeout: 15_000 });
  await expect(card(page).locator('[part="result"]').getByText('Report of 24 steps ready.')).toBeVisible();
  // Saved: another reload shows the result, and nothing runs again.
  await page.reload();
  await expect(card(page).locator('[part="status"]')).toHaveText('Done', { timeout: 15_000 });
  await expect(page.locator('mcp-tool-card')).toHaveCount(1);
});

test('the export of a conversation whose task-backed call resumed after a reload holds only its real messages', async ({ page }) => {
  await openChat(page, tasks.url);
  await runFromPalette(page, 'repo', /report/, { steps: '16' });
  await expect(card(page).locator('.progress-message')).toHaveText(/Step [2-9] of 16/, { timeout: 10_000 });
  await page.reload();
  await expect(page.locator('mcp-chat').getByRole('button', { name: /: connected$/ })).toBeVisible({ timeout: 15_000 });
  await expect(card(page).locator('[part="status"]')).toHaveText('Done', { timeout: 20_000 });
  await expect(card(page).locator('[part="result"]').getByText('Report of 16 steps ready.')).toBeVisible();

  await openFromMenu(page, 'Conversations');
  const download = page.waitForEvent('download');
  await page
    .getByRole('button', { name: /^Export/ })
    .first()
    .click();
  const file = JSON.parse(await readFile(await (await download).path(), 'utf8')) as {
    messages: Array<{ role: string; content: Array<Record<string, unknown>> }>;
  };
  // The call and its result, once each: no placeholder saying a result "was not kept", no second copy of the call.
  expect(JSON.stringify(file.messages)).not.toContain('not kept');
  expect(file.messages.map((m) => `${m.role}: ${m.content.map((b) => b.type).join(',')}`)).toEqual([
    'assistant: tool_use',
    'user: tool_result',
  ]);
  const [use, result] = file.messages.map((m) => m.content[0]!);
  expect(use).toMatchObject({ name: 'report', input: { steps: 16 } });
  expect(result).toMatchObject({ toolUseId: use!.id, content: [{ type: 'text', text: 'Report of 16 steps ready.' }] });
  expect(result!.isError).toBeFalsy();

  // Imported again, it shows the one call with its result.
  await page.locator('input.import').setInputFiles(await (await download).path());
  await expect(page.locator('[part="conversation"]')).toHaveCount(2);
  await expect(page.locator('mcp-tool-card')).toHaveCount(1);
  await expect(card(page).locator('[part="status"]')).toHaveText('Done');
});

test('server-everything forgets the task after a reload (its tasks belong to the old session): the call ends failed and says so', async ({
  page,
}) => {
  await openChat(page, everything.url);
  await runFromPalette(page, 'simul', /Simulate Research Query/, { 'topic *': 'forgotten' });
  await expect(card(page).locator('.progress-message')).toHaveText(/Gathering sources|Analyzing content/, { timeout: 10_000 });
  await page.reload();
  await expect(card(page).locator('[part="status"]')).toHaveText('Failed', { timeout: 20_000 });
  await expect(card(page).locator('[part="result"]').getByText('no longer knows the task of simulate-research-query')).toBeVisible();
});

test('Stop on a task-backed call: the card says Stopped and the server got tasks/cancel', async ({ page }) => {
  const cancelledIds = async () => (await (await fetch(new URL('/control/cancelled', tasks.url))).json()) as string[];
  const before = (await cancelledIds()).length;
  await openChat(page, tasks.url);
  await runFromPalette(page, 'repo', /report/, { steps: '40' });
  await expect(card(page).locator('.progress-message')).toHaveText(/Step \d+ of 40/, { timeout: 10_000 });
  await card(page).getByRole('button', { name: /Stop/ }).click();
  await expect(card(page).locator('[part="status"]')).toHaveText('Stopped', { timeout: 10_000 });
  await expect.poll(async () => (await cancelledIds()).length).toBe(before + 1);
});

test('server-everything: an ambiguous query asks for clarification inline under the task call (input_required), and the answer shapes the report', async ({
  page,
}) => {
  await openChat(page, everything.url);
  await composer(page).click();
  await page.keyboard.type('/simul');
  await page.keyboard.press('Enter');
  await page.getByLabel('topic *').fill('python');
  await page.getByLabel('ambiguous').check();
  await page.getByRole('button', { name: 'Run' }).click();
  const form = page.locator('mcp-elicit-form');
  await expect(form).toBeVisible({ timeout: 15_000 });
  await expect(form).toContainText('could have multiple interpretations');
  await form.getByRole('combobox').selectOption('snake');
  await form
    .getByRole('button', { name: /accept|submit|send/i })
    .first()
    .click();
  await expect(card(page).locator('[part="status"]')).toHaveText('Done', { timeout: 15_000 });
  await expect(card(page).locator('[part="result"]').getByText('Research Report: python (snake)')).toBeVisible();
});
