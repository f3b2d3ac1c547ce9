import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Opens a panel from the chat header's More menu, as a person does: More,
 * then the item. If the menu has closed before the item is clicked, More is
 * clicked again. Under heavy CPU load Chromium was seen closing the menu's
 * popover about 300 ms after it opened with no script, pointer or key asking
 * for it (a `beforetoggle` with no caller; issue 21's notes); a person would
 * open it again, and so does this.
 */
export async function openFromMenu(
  page: Page,
  name: 'Settings' | 'Conversations' | 'Servers' | 'Resources',
  chat: Locator = page.locator('mcp-chat').first(),
): Promise<void> {
  const item = chat.getByRole('menuitemcheckbox', { name });
  await expect(async () => {
    if (!(await item.isVisible())) await chat.getByRole('button', { name: 'More' }).click();
    await item.click({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}
