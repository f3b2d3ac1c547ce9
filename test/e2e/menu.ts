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
  const open = () => chat.evaluate((el, panel) => (el as HTMLElement & { panel?: string }).panel === panel, name.toLowerCase());
  // Until the panel is open: a click that timed out on a busy machine may still have landed, and a second one
  // would close it again (the item toggles; a CI run at load 9 waited 60 s on a Settings panel closed that way).
  await expect(async () => {
    if (await open()) return;
    if (!(await item.isVisible())) await chat.getByRole('button', { name: 'More' }).click();
    await item.click({ timeout: 2_000 });
    expect(await open()).toBe(true);
  }).toPass({ timeout: 15_000 });
}
