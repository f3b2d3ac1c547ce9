#!/usr/bin/env node
// Chat benchmarks (print figures; not tests). Serves the repository with Vite
// on a free 127.0.0.1 port and drives headless Chromium through Playwright:
//
// 1. Streaming: a ~4,000-token markdown answer (headings, paragraphs, lists,
//    code, tables) delivered one token per task (a zero-delay macrotask each,
//    as fast as the page can take them) through the whole <mcp-chat> path (an
//    in-page provider that emits deltas -> agent -> session -> <mcp-message> ->
//    <mcp-markdown>), and the same tokens into deep-chat 2.4.2 (its streaming
//    handler's onResponse per token) in the same browser and run. Measured
//    from a DevTools trace of the page's main thread, from the first token to
//    the last one painted: total main-thread task time and the longest task.
// 2. Opening a conversation of 1,000 mixed messages (text and markdown, tool
//    calls with results, structured content, small images) from the history
//    store: time until the last message is painted.
// Run: node bench/chat.mjs
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { createServer } from 'vite';
import { chromiumExecutable } from '../scripts/chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const fmt = (n, digits = 1) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** ~4,000 tokens of varied markdown, split as models stream it (word-sized tokens). */
function answerTokens(target = 4000) {
  const parts = [];
  let i = 0;
  while ((parts.join('').match(/\s*\S+/g) ?? []).length < target) {
    i += 1;
    parts.push(
      `## Section ${i}\n\nThis paragraph explains point ${i} with **bold**, *italic*, \`code\` and a [link](https://example.com/${i}). ` +
        'It goes on for a while so that paragraphs have a realistic length, like a model would write them in an answer. '.repeat(3) +
        `\n\n- first item of list ${i}\n- second item with \`inline\` code\n- third item\n\n` +
        '```js\n' + `function step${i}(x) {\n  const y = x * ${i};\n  return y + 1;\n}\n` + '```\n\n' +
        `| key | value | note |\n|---|---|---|\n| a${i} | ${i} | first |\n| b${i} | ${i * 2} | second |\n\n`,
    );
  }
  return parts.join('').match(/\s*\S+/g).slice(0, target);
}

const server = await createServer({ root, configFile: false, logLevel: 'error', server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false } });
let browser;
try {
  await server.listen();
  const { port } = server.httpServer.address();
  const base = `http://127.0.0.1:${port}`;
  browser = await chromium.launch({ headless: true, executablePath: chromiumExecutable() });
  const tokens = answerTokens();

  /** A fresh page on the Vite origin (an empty document; modules come from Vite). */
  async function newPage() {
    const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
    await page.route(`${base}/__bench.html`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title></head><body></body></html>' }),
    );
    await page.goto(`${base}/__bench.html`);
    return page;
  }

  /** Runs `fn` in the page under a DevTools trace; returns main-thread task figures. */
  async function traced(page, fn, arg) {
    const cdp = await page.context().newCDPSession(page);
    const events = [];
    cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
    const finished = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
    const result = await page.evaluate(fn, arg);
    await cdp.send('Tracing.end');
    await finished;
    const mainTid = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')?.tid;
    const mark = (name) => events.find((e) => e.name === 'TimeStamp' && (e.args?.data?.message === name || e.args?.data?.name === name))?.ts;
    const start = mark('bench-start');
    const end = mark('bench-end');
    if (start === undefined || end === undefined) throw new Error('the trace lacks the bench-start/bench-end marks');
    const tasks = events.filter((e) => e.tid === mainTid && e.name === 'RunTask' && e.ph === 'X' && e.ts >= start && e.ts <= end);
    const total = tasks.reduce((s, e) => s + e.dur, 0) / 1000;
    const longest = tasks.reduce((m, e) => Math.max(m, e.dur), 0) / 1000;
    await cdp.detach();
    return { ...result, wall: result.t1 - result.t0, total, longest, tasks: tasks.length };
  }

  // --- 1a. <mcp-chat> streaming -------------------------------------------
  const ours = await newPage();
  await ours.evaluate(async () => {
    await import('/src/elements/mcp-chat/mcp-chat.ts');
  });
  const mine = await traced(
    ours,
    async (tokens) => {
      const nextTask = () => new Promise((r) => { const c = new MessageChannel(); c.port1.onmessage = () => r(); c.port2.postMessage(0); });
      const chat = document.createElement('mcp-chat');
      chat.store = null;
      document.body.append(chat);
      const provider = {
        id: 'bench',
        label: 'Bench',
        async createMessage(_params, options) {
          let text = '';
          for (const token of tokens) {
            await nextTask();
            text += token;
            options.onDelta?.({ type: 'text', index: 0, text: token });
          }
          return { role: 'assistant', content: [{ type: 'text', text }], model: 'bench', stopReason: 'endTurn' };
        },
      };
      chat.provider = provider;
      await chat.updateComplete;
      await new Promise((r) => setTimeout(r, 200));
      console.timeStamp('bench-start');
      const t0 = performance.now();
      await chat.send('go');
      await chat.updateComplete;
      // Until the last token is on screen.
      const last = tokens[tokens.length - 1].trim();
      const shown = () => {
        const messages = chat.shadowRoot.querySelectorAll('mcp-message');
        const m = messages[messages.length - 1];
        const md = m?.shadowRoot?.querySelector('mcp-content-block')?.shadowRoot?.querySelector('mcp-markdown');
        return md?.shadowRoot?.textContent?.includes(last);
      };
      while (!shown()) await new Promise((r) => requestAnimationFrame(r));
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      const t1 = performance.now();
      console.timeStamp('bench-end');
      return { t0, t1 };
    },
    tokens,
  );
  await ours.close();

  // --- 1b. deep-chat streaming ----------------------------------------------
  const theirs = await newPage();
  await theirs.evaluate(async () => {
    await import('/node_modules/deep-chat/dist/deepChat.bundle.js');
  });
  const deep = await traced(
    theirs,
    async (tokens) => {
      const nextTask = () => new Promise((r) => { const c = new MessageChannel(); c.port1.onmessage = () => r(); c.port2.postMessage(0); });
      const chat = document.createElement('deep-chat');
      let finished;
      const done = new Promise((r) => (finished = r));
      chat.connect = {
        stream: true,
        handler: async (_body, signals) => {
          signals.onOpen();
          for (const token of tokens) {
            await nextTask();
            await signals.onResponse({ text: token });
          }
          signals.onClose();
          finished();
        },
      };
      chat.style.height = '600px';
      document.body.append(chat);
      await new Promise((r) => setTimeout(r, 500));
      console.timeStamp('bench-start');
      const t0 = performance.now();
      chat.submitUserMessage({ text: 'go' });
      await done;
      const last = tokens[tokens.length - 1].trim();
      while (!chat.shadowRoot.textContent.includes(last)) await new Promise((r) => requestAnimationFrame(r));
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      const t1 = performance.now();
      console.timeStamp('bench-end');
      return { t0, t1 };
    },
    tokens,
  );
  await theirs.close();

  console.log(`streaming a ${tokens.length.toLocaleString('en-US')}-token markdown answer, one token per task:`);
  console.log(`  <mcp-chat>      main-thread ${fmt(mine.total, 0)} ms in ${mine.tasks} tasks, longest task ${fmt(mine.longest, 1)} ms, until last token painted ${fmt(mine.wall, 0)} ms`);
  console.log(`  deep-chat 2.4.2 main-thread ${fmt(deep.total, 0)} ms in ${deep.tasks} tasks, longest task ${fmt(deep.longest, 1)} ms, until last token painted ${fmt(deep.wall, 0)} ms`);
  console.log(`  ratio deep-chat / mcp-chat: main-thread ${fmt(deep.total / mine.total, 2)}x, longest task ${fmt(deep.longest / mine.longest, 2)}x`);

  // --- 2. opening a 1,000-message conversation --------------------------------
  const page = await newPage();
  await page.evaluate(async () => {
    await import('/src/elements/mcp-chat/mcp-chat.ts');
    await import('/src/history/memory-store.ts');
  });
  const open = await page.evaluate(async () => {
    const { createMemoryHistory } = await import('/src/history/memory-store.ts');
    const store = createMemoryHistory();
    const conversation = await store.createConversation({ title: 'bench' });
    const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
    const messages = [];
    for (let i = 0; messages.length < 1000; i++) {
      messages.push({ role: 'user', content: [{ type: 'text', text: `Question ${i}: what about item ${i}?` }] });
      if (i % 4 === 0) {
        messages.push({ role: 'assistant', content: [{ type: 'text', text: 'Let me look.' }, { type: 'tool_use', id: `t${i}`, name: 'weather', input: { city: `City ${i}` } }] });
        messages.push({ role: 'user', content: [{ type: 'tool_result', toolUseId: `t${i}`, content: [{ type: 'text', text: `{"city":"City ${i}"}` }, { type: 'image', data: PNG, mimeType: 'image/png' }], structuredContent: { city: `City ${i}`, temperatureC: i % 30 } }] });
      }
      messages.push({ role: 'assistant', content: [{ type: 'text', text: `## Answer ${i}\n\nHere is **item ${i}** with a list:\n\n- one\n- two\n\n\`\`\`js\nconsole.log(${i});\n\`\`\`\n` }] });
    }
    messages.length = messages.length - (messages[999].role === 'assistant' && messages[999].content.some((b) => b.type === 'tool_use') ? 1 : 0);
    await store.appendMessages(conversation.id, messages.slice(0, 1000));
    const chat = document.createElement('mcp-chat');
    chat.store = store;
    document.body.append(chat);
    await chat.updateComplete;
    await new Promise((r) => setTimeout(r, 200));
    const t0 = performance.now();
    await chat.openConversation(conversation.id);
    await chat.updateComplete;
    const all = chat.shadowRoot.querySelectorAll('mcp-message');
    const last = all[all.length - 1];
    await last.updateComplete;
    const block = last.shadowRoot.querySelector('mcp-content-block');
    await block.updateComplete;
    await block.shadowRoot.querySelector('mcp-markdown')?.updateComplete;
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    const t1 = performance.now();
    return { ms: t1 - t0, messages: chat.messages.length, shown: all.length };
  });
  console.log(`opening a ${open.messages.toLocaleString('en-US')}-message conversation (${open.shown} shown; tool results inside their cards): last message painted after ${fmt(open.ms, 0)} ms`);
  await page.close();
} finally {
  await browser?.close();
  await server.close();
}
