// Issue 12 §5: a stored row that cannot be read is shown as "this message could
// not be read", and its stored form can be copied ("Copy raw JSON"), with a
// live-region confirmation. Real IndexedDB, the real clipboard (permission granted).
import { expect, test } from '@playwright/test';
import { openFromMenu } from './menu.js';

const demoUrl = () => process.env.E2E_DEMO_URL!;

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('an unreadable stored message offers "Copy raw JSON", which copies the row as stored', async ({ page }) => {
  await page.goto(`index.html?${new URLSearchParams({ server: demoUrl() })}`);
  const chat = page.locator('mcp-chat');
  await expect(chat.getByRole('button', { name: /: connected$/ })).toBeVisible({ timeout: 15_000 });

  // A saved conversation of three messages; the middle row is then overwritten
  // in IndexedDB behind the store's back (content a string, as another program might write it).
  const title = `Bad row ${Date.now()}`;
  const badRow = await page.evaluate(async (title) => {
    const el = document.querySelector('mcp-chat') as HTMLElement & { chatStore: any };
    while (!el.chatStore) await new Promise((r) => setTimeout(r, 50));
    const store = el.chatStore;
    const { id } = await store.createConversation({ title });
    await store.appendMessages(id, [
      { role: 'user', content: [{ type: 'text', text: 'first question' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'placeholder' }] },
      { role: 'user', content: [{ type: 'text', text: 'second question' }] },
    ]);
    const row = {
      role: 'assistant',
      content: 'a string where blocks belong',
      extra: { nested: [1, 2, null] },
      conversationId: id,
      seq: 2,
      createdAt: 1,
    };
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open('mcp-elements-history');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        const tx = db.transaction('messages', 'readwrite');
        tx.objectStore('messages').put(row);
        tx.oncomplete = () => (db.close(), resolve());
        tx.onerror = () => reject(tx.error);
      };
    });
    return row;
  }, title);

  // Open it as a person does: More, Conversations, the conversation.
  await openFromMenu(page, 'Conversations', chat);
  await chat.getByRole('button', { name: new RegExp(`^${title}`) }).click();

  await expect(chat.getByText('first question')).toBeVisible();
  await expect(chat.getByText('second question')).toBeVisible();
  await expect(chat.getByText(/This message could not be read/)).toBeVisible();

  const copyRaw = chat.getByRole('button', { name: 'Copy raw JSON' });
  await expect(copyRaw).toHaveCount(1);
  // Keyboard: focus it and press Enter.
  await copyRaw.focus();
  await page.keyboard.press('Enter');
  await expect(chat.getByRole('status').filter({ hasText: 'Raw JSON copied.' })).toHaveCount(1);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(JSON.parse(copied)).toEqual(badRow);
  if (process.env.SHOT) await page.screenshot({ path: process.env.SHOT });
});
