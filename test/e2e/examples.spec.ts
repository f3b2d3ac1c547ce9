import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { expect, test } from '@playwright/test';

// The example apps in examples/, built by scripts/package-check.mjs (the
// `package` suite of `npm test`, or `npm run package:check`) against the
// packed tarball, each served as a static site and driven in Chromium
// against the demo MCP server and the fake OpenAI-compatible provider.
// Each app and where its build is (the React app is also built on React 18).
const builds: Record<string, string> = {
  react: 'examples/react/dist',
  react18: 'examples/react/dist-react18',
  vue: 'examples/vue/dist',
  svelte: 'examples/svelte/dist',
};
const apps = Object.keys(builds);
const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };
let server: Server;
let origin = '';

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const path = normalize(new URL(req.url ?? '/', 'http://x').pathname).replace(/^(\.\.[/\\])+/, '');
    const [, app, ...rest] = path.split('/');
    const dir = builds[app ?? ''];
    const file = dir ? join(dir, rest.join('/') || 'index.html') : '';
    if (!dir || !existsSync(file)) {
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
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

for (const app of apps) {
  test(`${app} example: servers and provider set as objects, a tool runs, the typed mcp-tool-call event reaches the app`, async ({
    page,
  }) => {
    const built = join(builds[app]!, 'index.html');
    expect(
      existsSync(built),
      `${built} is missing: run \`npm run package:check\` (it builds the examples against the packed tarball)`,
    ).toBe(true);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const params = new URLSearchParams({ server: process.env.E2E_DEMO_URL!, openai: process.env.E2E_OPENAI_URL! });
    // Vite builds with absolute asset paths (/assets/...): serve each app under its own prefix.
    await page.route(`${origin}/assets/**`, (route) =>
      route.continue({ url: route.request().url().replace(`${origin}/`, `${origin}/${app}/`) }),
    );
    await page.goto(`${origin}/${app}/?${params}`);
    const chat = page.locator('mcp-chat');
    await expect(chat.getByRole('button', { name: /: connected$/ })).toBeVisible({ timeout: 15_000 });
    // The provider object is in use: no "No model is set up" notice.
    await expect(chat.getByText(/No model is set up|An open model can answer you here/)).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Last tool call' })).toHaveText('Last tool call: none yet');
    const composer = chat.getByRole('textbox', { name: 'Message' });
    await composer.fill(`[[tool:echo {"message":"hello from ${app}"}]]`);
    await composer.press('Enter');
    await expect(chat.locator('mcp-tool-card [part="status"]')).toHaveText('Done', { timeout: 15_000 });
    await expect(page.getByRole('status').filter({ hasText: 'Last tool call' })).toHaveText('Last tool call: echo (done)');
    await chat.locator('mcp-tool-card summary').click();
    await expect(chat.locator('mcp-tool-card')).toContainText(`hello from ${app}`);
    expect(errors).toEqual([]);
  });
}
