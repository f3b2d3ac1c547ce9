// <mcp-chat sync> against the reference sync server and a real PostgreSQL
// (test/setup/sync.ts): two chats, each with a history database of its own,
// as two devices of one person.
import { afterEach, expect, test } from 'vitest';
import type { McpChat } from '../../src/elements/mcp-chat/mcp-chat.js';
import { mountChat, openPanelFromMenu, shadow } from './chat-helpers.js';
import { closeDevices, device, say, syncUrls, tokenFor } from './sync-support.js';
import { axeFindings } from './axe-findings.js';

afterEach(async () => {
  document.body.replaceChildren();
  await closeDevices();
});

const titlesIn = (chat: McpChat) =>
  [...shadow(chat).querySelectorAll('[part="conversation"] .conversation-title')].map((e) => e.textContent);
const syncLine = (chat: McpChat) => shadow(chat).querySelector('[part="sync"] [role="status"]')?.textContent?.trim();
const shownTexts = (chat: McpChat) => chat.messages.map((m) => (m.content[0] as { text: string }).text);

test('a conversation written on one device is listed and opens on the other, grows live there, and the sync state reads "up to date"', async () => {
  const [serverA, serverB] = syncUrls();
  const person = `person-${crypto.randomUUID()}`;
  const laptop = await device('laptop');
  const trip = await laptop.store.createConversation({ title: 'Trip <b>to</b> Lisbon' });
  await laptop.store.appendMessages(trip.id, [say('user', 'Plan three days'), say('assistant', 'Day 1: Alfama')]);
  await laptop.online(serverA!, await tokenFor(person));

  const phone = await device('phone');
  const chat = await mountChat({ store: phone.store });
  let asked = 0;
  chat.syncToken = () => (asked++, tokenFor(person));
  chat.sync = serverB;
  await openPanelFromMenu(chat, 'Conversations');
  await expect.poll(() => titlesIn(chat)).toEqual(['Trip <b>to</b> Lisbon']);
  await expect.poll(() => syncLine(chat)).toBe('Synced: up to date on your devices.');
  expect(asked).toBeGreaterThan(0);
  expect(await axeFindings(chat)).toEqual([]);

  (shadow(chat).querySelector(`[data-open="${trip.id}"]`) as HTMLButtonElement).click();
  await expect.poll(() => shownTexts(chat)).toEqual(['Plan three days', 'Day 1: Alfama']);
  await laptop.store.appendMessages(trip.id, [say('user', 'And day 2?')]);
  await expect.poll(() => shownTexts(chat)).toEqual(['Plan three days', 'Day 1: Alfama', 'And day 2?']);
});

test("offline: the waiting changes are counted and Retry is offered; signing out can remove this device's copy", async () => {
  const phone = await device('phone');
  const c = await phone.store.createConversation({ title: 'Written offline' });
  await phone.store.appendMessages(c.id, [say('user', 'kept here')]);
  const chat = await mountChat({ store: phone.store });
  chat.syncToken = 'unused';
  chat.sync = 'http://127.0.0.1:9'; // nothing listens there
  await openPanelFromMenu(chat, 'Conversations');
  await expect.poll(() => syncLine(chat)).toBe('Offline: 2 changes wait on this device and will be sent when the sync server answers.');
  expect(shadow(chat).querySelector('.sync-retry')?.textContent).toBe('Retry');
  await expect.poll(() => titlesIn(chat)).toEqual(['Written offline']);
  expect(await axeFindings(chat)).toEqual([]);

  (shadow(chat).querySelector('.sync-sign-out') as HTMLButtonElement).click();
  await expect.poll(() => shadow(chat).querySelector('.sync-clear')).not.toBeNull();
  (shadow(chat).querySelector('.sync-clear') as HTMLButtonElement).click();
  await expect.poll(() => syncLine(chat)).toBe('Sync is off on this device.');
  await expect.poll(() => titlesIn(chat)).toEqual([]);
  expect((await phone.store.listConversations()).items.map((i) => i.title)).toEqual([]);
});

test("a chat in Arabic says why sync failed in Arabic, not in the engine's English", async () => {
  const [serverA] = syncUrls();
  const phone = await device('phone');
  await phone.store.createConversation({ title: 'محادثة' });
  const chat = await mountChat({ store: phone.store });
  chat.lang = 'ar';
  chat.syncToken = 'not-a-token-the-server-signed';
  chat.sync = serverA;
  await expect.poll(() => shadow(chat).querySelector('[part~="menu-button"]')?.getAttribute('aria-label')).toBe('المزيد');
  await chat.updateComplete;
  await openPanelFromMenu(chat, 'المحادثات' as 'Conversations');
  await expect.poll(() => syncLine(chat)).toMatch(/^فشلت المزامنة\. لم يقبل خادم المزامنة تسجيل دخولك\./);
  const line = syncLine(chat)!;
  expect(line).not.toMatch(/The sync server|Sign in again/);
  expect(line).toMatch(/سجّل الدخول مجددًا، ثم أعد المحاولة\.$/);
  expect(shadow(chat).querySelector('.sync-retry')?.textContent).toBe('إعادة المحاولة');
});
