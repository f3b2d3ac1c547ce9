// Issue 38 item 4: "Share" in <mcp-chat sync> makes a read-only link to the open
// conversation (a grant the reference sync server keeps, over a real PostgreSQL:
// test/setup/sync.ts); the page opened from that link (`#mcp-share=ID`) shows that
// conversation live and read-only, nothing of the reader's own; Stop sharing ends it.
import { afterEach, expect, test } from 'vitest';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import { axeFindings } from './axe-findings.js';
import { mountChat, openPanelFromMenu, shadow } from './chat-helpers.js';
import { closeDevices, device, say, syncUrls, tokenFor } from './sync-support.js';

afterEach(async () => {
  document.body.replaceChildren();
  history.replaceState(null, '', location.pathname + location.search);
  await closeDevices();
});

const shownTexts = (chat: McpChat) => chat.messages.map((m) => (m.content[0] as { text: string }).text);
const sharedNotice = (chat: McpChat) => shadow(chat).querySelector('[part="shared-notice"]')?.textContent?.trim();
const titlesIn = (chat: McpChat) =>
  [...shadow(chat).querySelectorAll('[part="conversation"] .conversation-title')].map((e) => e.textContent);

test("Share makes a read-only link; the page it opens shows that conversation live, without a composer or the reader's own; Stop sharing ends it", async () => {
  const [serverA, serverB] = syncUrls();
  const owner = `person-${crypto.randomUUID()}`;

  // The owner's laptop: a conversation synced to the server, open in the chat.
  const laptop = await device('laptop');
  const trip = await laptop.store.createConversation({ title: 'Trip to Lisbon' });
  await laptop.store.appendMessages(trip.id, [say('user', 'Plan three days'), say('assistant', 'Day 1: Alfama')]);
  const chat = await mountChat({ store: laptop.store });
  chat.syncToken = () => tokenFor(owner);
  chat.sync = serverA;
  await chat.openConversation(trip.id);
  await openPanelFromMenu(chat, 'Conversations');
  await expect
    .poll(() => shadow(chat).querySelector('[part="sync"] [role="status"]')?.textContent?.trim())
    .toBe('Synced: up to date on your devices.');
  const make = shadow(chat).querySelector<HTMLButtonElement>('.share-make')!;
  expect(make.textContent?.trim()).toBe('Share this conversation');
  make.click();
  await expect
    .poll(() => shadow(chat).querySelector<HTMLTextAreaElement>('.share-link')?.value, { timeout: 10_000 })
    .toMatch(/#mcp-share=/);
  const link = new URL(shadow(chat).querySelector<HTMLTextAreaElement>('.share-link')!.value);
  expect(link.origin + link.pathname).toBe(location.origin + location.pathname);
  expect(shadow(chat).querySelector('.share-link')!.closest('label')!.textContent).toContain('Read-only link to this conversation');
  expect(await axeFindings(chat)).toEqual([]);

  // A reader: another browser's page opened from the link (its own history, with a conversation of its own).
  history.replaceState(null, '', link.hash);
  const readerDevice = await device('reader');
  await readerDevice.store.createConversation({ title: 'My own notes' });
  const reader = await mountChat({ store: readerDevice.store });
  reader.sync = serverB;
  await expect.poll(() => shownTexts(reader), { timeout: 10_000 }).toEqual(['Plan three days', 'Day 1: Alfama']);
  expect(sharedNotice(reader)).toBe('Shared conversation · read-only');
  expect(shadow(reader).querySelector('textarea')).toBeNull();
  expect(getComputedStyle(shadow(reader).querySelector('[part~="new-button"]')!).display).toBe('none');
  // Nothing that would write: no edit or regenerate on its messages.
  for (const button of shadow(reader).querySelectorAll('[part~="edit-button"], [part~="regenerate-button"]'))
    expect(getComputedStyle(button).display).toBe('none');
  // Nothing of the reader's own conversations is listed beside it.
  await openPanelFromMenu(reader, 'Conversations');
  await expect.poll(() => titlesIn(reader)).toEqual(['Trip to Lisbon']);

  // Live: what the owner adds shows on the reader's page.
  await laptop.store.appendMessages(trip.id, [say('user', 'And day 2?')]);
  await expect.poll(() => shownTexts(reader), { timeout: 10_000 }).toEqual(['Plan three days', 'Day 1: Alfama', 'And day 2?']);

  // Stop sharing: the link no longer works, and the reader's page says so.
  shadow(chat).querySelector<HTMLButtonElement>('.share-stop')!.click();
  await expect
    .poll(() => shadow(chat).querySelector('.share-status')?.textContent?.trim())
    .toBe('Sharing stopped: the link no longer works.');
  expect(shadow(chat).querySelector('.share-make')).not.toBeNull();
  await expect.poll(() => sharedNotice(reader), { timeout: 10_000 }).toBe('This share link no longer works.');
  // The owner's conversation is untouched.
  expect((await laptop.store.listConversations()).items.map((c) => c.title)).toEqual(['Trip to Lisbon']);
});
