import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { freePort, waitForHttp } from '../servers/running-server.js';

// The server-rendered examples (examples/next, examples/astro,
// examples/starlight, examples/docusaurus, examples/vitepress), built by scripts/package-check.mjs against the packed
// tarball. Each: the server HTML holds the chat's frame (the placeholder);
// with scripts off a person sees that frame; with scripts on the chat takes
// the same box, connects to the demo MCP server, and the console has no
// hydration error. The docs sites (Starlight, Docusaurus, VitePress) serve MCP at their own `/mcp`
// (proxied to the demo server) and their `<mcp-chat auto launcher>` finds it; their guide page has a
// `<mcp-tool>` try-it block for the site's search tool, its frame in the server HTML.
const demoUrl = () => process.env.E2E_DEMO_URL!;
const placeholderInChat = /<mcp-chat[^>]*><div slot="placeholder" class="mcp-chat-placeholder" role="status">/;
const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

/** Serves a built static site on 127.0.0.1; with `mcp`, also forwards `/mcp` to that MCP server (the site's own server). */
async function serveSite(dir: string, mcp?: string): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (mcp && url.pathname === '/mcp') {
      const target = new URL(mcp);
      const headers = { ...req.headers, host: target.host };
      const upstream = request(target, { method: req.method, headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
      return;
    }
    let file = join(dir, normalize(url.pathname).replace(/^(\.\.[/\\])+/, ''));
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, server };
}

/** Console messages and page errors that tell of a failed hydration or a broken page. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (/hydrat|did not match|mismatch|Minified React error #4(18|19|22|23|25)/i.test(message.text()))
      problems.push(`${message.type()}: ${message.text()}`);
  });
  return problems;
}

/** With scripts off: the placeholder is what a person sees, a frame of the chat's size. */
async function frameWithoutScripts(page: Page, url: string) {
  await page.goto(url);
  const chat = page.locator('mcp-chat');
  await expect(chat.locator('.mcpp-frame')).toBeVisible();
  await expect(chat.locator('.mcpp-title')).toHaveText('Chat');
  await expect(chat.locator('.mcpp-composer')).toBeVisible();
  const box = (await chat.boundingBox())!;
  expect(box.height).toBeGreaterThan(300);
  return box;
}

test.describe('server-rendered examples', () => {
  test('Next.js (app router, mcp-web-elements/react): the prerendered HTML and next start hold the chat frame; it hydrates without a warning and connects', async ({
    browser,
  }) => {
    const dir = 'examples/next';
    const prerendered = join(dir, '.next/server/app/index.html');
    expect(
      existsSync(prerendered),
      `${prerendered} is missing: run \`npm run package:check\` (it builds the examples against the packed tarball)`,
    ).toBe(true);
    expect(readFileSync(prerendered, 'utf8')).toMatch(placeholderInChat);
    const port = await freePort();
    const next: ChildProcess = spawn(
      process.execPath,
      ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'],
      {
        cwd: dir,
        stdio: 'ignore',
        env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
      },
    );
    try {
      const origin = `http://127.0.0.1:${port}`;
      await waitForHttp(`${origin}/`, 30_000);
      expect(await (await fetch(`${origin}/`)).text()).toMatch(placeholderInChat);
      await checkSite(browser, origin, '/');
    } finally {
      next.kill();
    }
  });

  test('Astro: the built HTML holds the chat frame; the element takes the same box and connects', async ({ browser }) => {
    const built = 'examples/astro/dist/index.html';
    expect(existsSync(built), `${built} is missing: run \`npm run package:check\``).toBe(true);
    expect(readFileSync(built, 'utf8')).toMatch(placeholderInChat);
    const { origin, server } = await serveSite('examples/astro/dist');
    try {
      await checkSite(browser, origin, '/');
    } finally {
      server.close();
    }
  });

  test("Starlight: every page has the chat launcher (its button in the server HTML); <mcp-chat auto> finds the site's /mcp and connects", async ({
    browser,
  }) => {
    await checkDocsSite(browser, 'examples/starlight/dist', /<mcp-chat auto(="true")? launcher(="true")?><div slot="placeholder"/);
  });

  test("VitePress: every page has the chat launcher (its button in the server HTML); <mcp-chat auto> finds the site's /mcp and connects", async ({
    browser,
  }) => {
    await checkDocsSite(browser, 'examples/vitepress/.vitepress/dist', /<mcp-chat auto launcher><div slot="placeholder"/);
  });

  test("Docusaurus: every page has the chat launcher (its button in the server HTML); <mcp-chat auto> finds the site's /mcp and connects", async ({
    browser,
  }) => {
    // Docusaurus minifies its HTML: attribute values lose their quotes.
    await checkDocsSite(browser, 'examples/docusaurus/build', /<mcp-chat auto="" launcher=""><div slot="?placeholder"?/);
  });
});

/** The page at `path` of `origin`: the frame without scripts, then the chat in the same box, connected, no hydration problem. */
async function checkSite(browser: import('@playwright/test').Browser, origin: string, path: string) {
  const noScripts = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  const frame = await frameWithoutScripts(await noScripts.newPage(), `${origin}${path}`);
  await noScripts.close();

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(`${origin}${path}?${new URLSearchParams({ server: demoUrl() })}`);
  const chat = page.locator('mcp-chat');
  await expect(chat.getByRole('button', { name: /: connected$/ })).toBeVisible({ timeout: 20_000 });
  await expect(chat.getByRole('textbox', { name: 'Message' })).toBeVisible();
  // Nothing jumped: the chat has the box its frame had; the frame is no longer shown.
  expect((await chat.boundingBox())!).toEqual(frame);
  await expect(chat.locator('.mcp-chat-placeholder')).toBeHidden();
  expect(problems).toEqual([]);
  await context.close();
}

/**
 * A built docs site in `dir` with a home page and `/guide/`: the launcher's
 * button is in each page's server HTML (`launcherInHtml`) and, with scripts
 * off, sits in the corner; with scripts on, `<mcp-chat auto>` finds the site's
 * own `/mcp` (forwarded to the demo server), connects, and keeps the box.
 */
async function checkDocsSite(browser: import('@playwright/test').Browser, dir: string, launcherInHtml: RegExp) {
  for (const built of [join(dir, 'index.html'), join(dir, 'guide/index.html')]) {
    expect(existsSync(built), `${built} is missing: run \`npm run package:check\``).toBe(true);
    expect(readFileSync(built, 'utf8')).toMatch(launcherInHtml);
  }
  expect(readFileSync(join(dir, 'guide/index.html'), 'utf8')).toMatch(
    /<mcp-tool [^>]*><div slot="?placeholder"? class="?mcp-tool-placeholder"?/,
  );
  const { origin, server } = await serveSite(dir, demoUrl());
  try {
    const noScripts = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const still = await noScripts.newPage();
    await still.goto(`${origin}/guide/`);
    const button = still.locator('mcp-chat .mcpp-launcher');
    await expect(button).toBeVisible();
    const placed = (await still.locator('mcp-chat').boundingBox())!;
    expect([placed.width, placed.height, placed.x + placed.width, placed.y + placed.height]).toEqual([56, 56, 1280 - 20, 800 - 20]);
    // The guide's try-it block: its frame (the card with the title, the field, Run) is what a person sees without scripts.
    const frame = still.locator('mcp-tool .mcptp-base');
    await expect(frame).toBeVisible();
    await expect(frame.locator('.mcptp-title')).toHaveText('Search the docs');
    await expect(frame.locator('.mcptp-field')).toHaveText('query');
    await expect(frame.locator('.mcptp-run')).toHaveText('Run');
    await noScripts.close();

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${origin}/guide/`);
    const chat = page.locator('mcp-chat');
    await chat.getByRole('button', { name: 'Open chat' }).click();
    await expect(chat.getByRole('button', { name: /: connected$/ })).toBeVisible({ timeout: 20_000 });
    expect((await chat.boundingBox())!).toEqual(placed);
    await expect(page.getByRole('heading', { name: 'A second page' })).toBeVisible();
    // The try-it block takes over from its frame, runs the site's search tool and shows the pages it found (resource links).
    const block = page.locator('mcp-tool');
    await expect(block.getByRole('textbox', { name: /^query/ })).toHaveValue('tools', { timeout: 20_000 });
    await expect(block.locator('.mcp-tool-placeholder')).toBeHidden();
    await block.getByRole('button', { name: 'Run' }).click();
    await expect(block.getByRole('region', { name: 'Result' }).getByRole('button', { name: /^The shop: tools a page offers/ })).toBeVisible(
      {
        timeout: 20_000,
      },
    );
    expect(problems).toEqual([]);
    await context.close();
  } finally {
    server.close();
  }
}
