// Issue 26 §11: two tabs of one browser on one conversation, both sending and getting answers at
// once: each tab shows every message of both, in the stored order, without a reload. Two real pages
// of one context (one IndexedDB, one BroadcastChannel space), the demo page, the fake OpenAI server.
import { expect, test, type Page } from '@playwright/test';
import { openFromMenu } from './menu.js';

const demoUrl = () => process.env.E2E_DEMO_URL!;
const openaiUrl = () => process.env.E2E_OPENAI_URL!;

async function openChat(page: Page): Promise<void> {
  const params = new URLSearchParams({ server: demoUrl(), provider: 'openai', baseUrl: openaiUrl(), model: 'gpt-4o-mini' });
  await page.goto(`index.html?${params}`);
  await expect(page.locator('mcp-chat').getByRole('button', { name: /: connected$/ })).toBeVisible({ timeout: 15_000 });
  await openFromMenu(page, 'Settings');
  await page.getByLabel('API key').fill('test-key');
  await page.getByRole('button', { name: 'Use this model' }).click();
}

type ChatEl = HTMLElement & {
  send(text: string): Promise<void>;
  messages: { content: { text?: string }[] }[];
  session: { saved(): Promise<unknown> };
};
const texts = (page: Page) =>
  page.evaluate(() => (document.querySelector('mcp-chat') as unknown as ChatEl).messages.map((m) => m.content[0]?.text ?? ''));

test('two tabs talking on one conversation at once: both show all of it, in order, without a reload', async ({ context }) => {
  test.setTimeout(180_000);
  const a = await context.newPage();
  await openChat(a);
  await a.evaluate(async () => {
    const chat = document.querySelector('mcp-chat') as unknown as ChatEl;
    await chat.send('A 0');
    await chat.session.saved();
  });
  // The second tab opens the conversation the first one has open (remembered for the page).
  const b = await context.newPage();
  await openChat(b);
  await expect.poll(() => texts(b), { timeout: 15_000 }).toEqual(['A 0', 'Echo: A 0']);

  const each = 25;
  const talk = (page: Page, who: string, from: number) =>
    page.evaluate(
      async ({ who, from, each }) => {
        const chat = document.querySelector('mcp-chat') as unknown as ChatEl;
        for (let i = from; i < each; i++) {
          await chat.send(`${who} ${i}`);
          await chat.session.saved();
        }
      },
      { who, from, each },
    );
  await Promise.all([talk(a, 'A', 1), talk(b, 'B', 0)]);

  await expect.poll(async () => (await texts(a)).length, { timeout: 30_000 }).toBe(4 * each);
  await expect.poll(async () => (await texts(b)).length, { timeout: 30_000 }).toBe(4 * each);
  const shownA = await texts(a);
  expect(await texts(b)).toEqual(shownA);
  const sent = ['A', 'B'].flatMap((who) => Array.from({ length: each }, (_, i) => `${who} ${i}`));
  expect(shownA.filter((t) => !t.startsWith('Echo:')).sort()).toEqual(sent.sort());
  // What a person sees: the last message of the other tab is on screen in both.
  const last = shownA.at(-1)!;
  for (const page of [a, b]) await expect(page.locator('mcp-chat').getByText(last, { exact: true }).last()).toBeVisible();
});
