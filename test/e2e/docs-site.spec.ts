import { createServer, type Server } from 'node:http';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, posix, relative } from 'node:path';
import { expect, test } from '@playwright/test';

// The documentation site built by `npm run docs` (the `docs` suite of
// `npm test`) into dist-docs/: every internal link and anchor of every page
// resolves, and the live examples render against the demo server.
const site = 'dist-docs';
const types: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};
let server: Server;
let origin = '';

function pages(dir = site): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? pages(path) : name.endsWith('.html') ? [path] : [];
  });
}

/** The file a site URL path serves (as the static server below does). */
function fileOf(urlPath: string): string {
  const path = join(site, decodeURIComponent(urlPath));
  return existsSync(path) && statSync(path).isDirectory() ? join(path, 'index.html') : path;
}

test.beforeAll(async () => {
  expect(existsSync(join(site, 'index.html')), `${site}/ is missing: run \`npm run docs\``).toBe(true);
  server = createServer((req, res) => {
    const file = fileOf(new URL(req.url ?? '/', 'http://x').pathname);
    if (!file.startsWith(site) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

test('every internal link and anchor of every page resolves', () => {
  const all = pages();
  expect(all.length).toBeGreaterThan(10);
  const broken: string[] = [];
  for (const page of all) {
    const html = readFileSync(page, 'utf8');
    const here = '/' + relative(site, page).split('\\').join('/');
    for (const [, link] of html.matchAll(/\s(?:href|src)="([^"]+)"/g)) {
      if (/^(https?:|mailto:|data:|javascript:)/.test(link!)) continue;
      const [pathPart, hash] = link!.split('#') as [string, string | undefined];
      const target = pathPart === '' ? here : posix.resolve(posix.dirname(here), pathPart.split('?')[0]!);
      const file = fileOf(target);
      if (!existsSync(file)) {
        broken.push(`${here}: ${link} (no ${target})`);
        continue;
      }
      if (
        hash &&
        file.endsWith('.html') &&
        hash !== 'VPContent' &&
        !readFileSync(file, 'utf8').includes(`id="${decodeURIComponent(hash)}"`)
      ) {
        broken.push(`${here}: ${link} (no #${hash} there)`);
      }
    }
  }
  expect(broken).toEqual([]);
});

test('the sidebar names every element as text (a tag name in it is not swallowed as HTML)', async ({ page }) => {
  await page.goto(`${origin}/api.html`);
  const sidebar = page.locator('.VPSidebar');
  for (const tag of ['mcp-chat', 'mcp-elicit-form', 'mcp-sampling-approval', 'mcp-app-view']) {
    await expect(sidebar.getByRole('link', { name: `<${tag}>`, exact: true }).first()).toBeVisible();
  }
});

test('the API pages hold the tables made from custom-elements.json', async ({ page }) => {
  await page.goto(`${origin}/api/mcp-chat.html`);
  for (const heading of ['Attributes', 'Properties', 'Events', 'Slots', 'CSS parts', 'CSS custom properties']) {
    await expect(page.getByRole('heading', { name: new RegExp(`^${heading}\\b`) })).toBeVisible();
  }
  await expect(page.getByRole('cell', { name: 'mcp-tool-call', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'McpToolCallEvent', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'send-button', exact: true })).toBeVisible();
});

test('the home page tagline names the elements (the tags are text, not swallowed as HTML)', async ({ page }) => {
  await page.goto(`${origin}/index.html`);
  await expect(page.locator('.VPHero .tagline')).toContainText(
    'Web components: <mcp-chat>, <mcp-tool>, <mcp-elicit-form>, <mcp-sampling-approval>, <mcp-app-view>.',
  );
});

test('the home page promises no CDN script before a release, and names every kind of model, the built-in and on-device ones too', async ({
  page,
}) => {
  await page.goto(`${origin}/index.html`);
  const oneTag = page.locator('.VPFeature').filter({ hasText: 'One tag' });
  await expect(oneTag).toContainText('from a CDN once the package is published');
  const models = page.locator('.VPFeature').filter({ hasText: 'Your model or none' });
  await expect(models).toContainText("the browser's built-in model (Prompt API)");
  await expect(models).toContainText("an open model run on the visitor's device");
});

test('every attribute, property, event, slot, part and custom property of every element in custom-elements.json has an entry on its API page', () => {
  interface Item {
    name: string;
    kind?: string;
    static?: boolean;
    privacy?: string;
    description?: string;
  }
  interface Declaration {
    tagName?: string;
    customElement?: boolean;
    attributes?: Item[];
    members?: Item[];
    events?: Item[];
    slots?: Item[];
    cssParts?: Item[];
    cssProperties?: Item[];
  }
  const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8')) as { modules: Array<{ declarations?: Declaration[] }> };
  const elements = manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.customElement && d.tagName);
  expect(elements.length).toBeGreaterThanOrEqual(4);
  const missing: string[] = [];
  for (const element of elements) {
    const file = join(site, 'api', `${element.tagName}.html`);
    if (!existsSync(file)) {
      missing.push(`no page ${file}`);
      continue;
    }
    const html = readFileSync(file, 'utf8');
    const fields = (element.members ?? []).filter(
      (m) =>
        m.kind === 'field' &&
        !m.static &&
        m.privacy !== 'private' &&
        m.privacy !== 'protected' &&
        !m.name.startsWith('#') &&
        !/@internal/.test(m.description ?? ''),
    );
    const entries = {
      attribute: element.attributes,
      property: fields,
      event: element.events,
      slot: (element.slots ?? []).filter((s) => s.name),
      part: element.cssParts,
      'custom property': element.cssProperties,
    };
    for (const [kind, items] of Object.entries(entries)) {
      for (const item of items ?? []) {
        // A table row: the name as code in its first cell.
        const name = item.name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
        if (!html.includes(`<tr><td><code>${name}</code>`)) missing.push(`${element.tagName} ${kind} ${item.name}`);
      }
    }
  }
  expect(missing).toEqual([]);
});

test('the live <mcp-chat> connects to the demo server and runs a tool from the / palette', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${origin}/api/mcp-chat.html?demo=${encodeURIComponent(process.env.E2E_DEMO_URL!)}`);
  const chat = page.locator('[data-live="mcp-chat"] mcp-chat');
  await expect(chat.getByRole('button', { name: /: connected$/ })).toBeVisible({ timeout: 15_000 });
  await chat.getByRole('textbox', { name: 'Message' }).click();
  await page.keyboard.type('/echo');
  await expect(page.getByRole('option', { name: /echo/i }).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await page.getByLabel('message *').fill('hello from the docs');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(chat.locator('mcp-tool-card [part="status"]')).toHaveText('Done', { timeout: 10_000 });
  // The person ran it: its result is shown without a click.
  await expect(chat.locator('mcp-tool-card [part="result"]').getByText('hello from the docs')).toBeVisible();
  expect(errors).toEqual([]);
});

test('the live <mcp-elicit-form> renders its fields and answers', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${origin}/api/mcp-elicit-form.html`);
  const form = page.locator('[data-live="mcp-elicit-form"] mcp-elicit-form');
  await expect(form.getByText('Where should the report go?')).toBeVisible({ timeout: 10_000 });
  await form.getByLabel(/Email/).fill('ada@example.org');
  await form
    .getByRole('button', { name: /submit|accept|send/i })
    .first()
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Answer:' })).toContainText('"action":"accept"');
  await expect(page.getByRole('status').filter({ hasText: 'Answer:' })).toContainText('ada@example.org');
  expect(errors).toEqual([]);
});
