import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { startAppExample, type AppExampleName } from '../servers/app-examples.js';
import type { RunningServer } from '../servers/running-server.js';

// Issue 27: every official ext-apps example server on npm that runs without
// the internet, run from the chat's "/" palette (no model) on the demo page:
// at 390 px in dark mode, and a few at 1280 px in light. For each: the view
// initializes, the app gets its result (text it can only show from the
// result), the frame has a size and paints something that is not its
// background, and something the app sends back reaches the chat. Which
// servers are left out and why: docs/apps.md ("The official examples").

interface Example {
  name: AppExampleName;
  tool: string;
  /** Text the app shows only once it has its tool's input or result (null: it draws the result on a canvas, which the pixel check sees). */
  shows: RegExp | null;
  /** What the app sends back on its own (after load or after `act`). */
  talk: 'ui/notifications/size-changed' | 'tools/call' | 'ui/update-model-context';
  /** The chat asks before the app's own tool call (not read-only by the spec's defaults): Approve it (`always`: for every later call too). */
  allow?: boolean | 'always';
  /** The one thing its view must say about its security policy, if any. */
  cspNote?: RegExp;
  /** Also at 1280 px in light. */
  desktop?: boolean;
  /** Its command line. */
  args?: string[];
  /** Run form fields to fill (name: value) before Run. */
  fill?: Record<string, string>;
  /** The type of a picture it gives the model in its `ui/update-model-context` (sent only when the host advertises `updateModelContext.image`). */
  contextImage?: string;
}

/** A PDF of shapes and no text (pdf.js needs no web font for it); the pdf server may serve only files it is given. */
const SHAPES_PDF = fileURLToPath(new URL('../fixtures/pdf/shapes.pdf', import.meta.url));

const TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/;
const EXAMPLES: Example[] = [
  { name: 'basic-vanillajs', tool: 'get-time', shows: TIME, talk: 'ui/notifications/size-changed' },
  { name: 'basic-react', tool: 'get-time', shows: TIME, talk: 'ui/notifications/size-changed', desktop: true },
  { name: 'basic-preact', tool: 'get-time', shows: TIME, talk: 'ui/notifications/size-changed' },
  { name: 'basic-solid', tool: 'get-time', shows: TIME, talk: 'ui/notifications/size-changed' },
  { name: 'basic-svelte', tool: 'get-time', shows: TIME, talk: 'ui/notifications/size-changed' },
  { name: 'basic-vue', tool: 'get-time', shows: TIME, talk: 'ui/notifications/size-changed' },
  { name: 'budget-allocator', tool: 'get-budget-data', shows: /Allocated: \$100,000/, talk: 'ui/notifications/size-changed' },
  { name: 'cohort-heatmap', tool: 'get-cohort-data', shows: /\d+(\.\d)?%/, talk: 'tools/call', allow: true, desktop: true },
  { name: 'customer-segmentation', tool: 'get-customer-data', shows: null, talk: 'ui/notifications/size-changed' },
  { name: 'scenario-modeler', tool: 'get-scenario-data', shows: /VC Rocketship[\s\S]*\$[\d.]+K/, talk: 'ui/notifications/size-changed' },
  { name: 'shadertoy', tool: 'render-shadertoy', shows: null, talk: 'ui/notifications/size-changed' },
  { name: 'sheet-music', tool: 'play-sheet-music', shows: /Twinkle, Twinkle Little Star/, talk: 'ui/notifications/size-changed' },
  { name: 'system-monitor', tool: 'get-system-info', shows: /linux|darwin|win32/, talk: 'tools/call' },
  // Needs unsafe-eval, which app views never get: its view says so in words.
  {
    name: 'threejs',
    tool: 'show_threejs_scene',
    shows: /Content Security Policy/,
    talk: 'ui/update-model-context',
    cspNote: /code built from text \(eval\)/,
  },
  {
    name: 'pdf',
    tool: 'display_pdf',
    shows: /shapes\.pdf/,
    talk: 'tools/call',
    allow: 'always',
    args: [SHAPES_PDF],
    fill: { url: SHAPES_PDF },
    // Its page as a JPEG, for the model (issue 41 item 1).
    contextImage: 'image/jpeg',
  },
  { name: 'transcript', tool: 'transcribe', shows: /Your speech will appear here/, talk: 'ui/notifications/size-changed' },
];

const servers = new Map<AppExampleName, Promise<RunningServer>>();
test.beforeAll(() => {
  // All at once: most of the cost is loading each package's bundle.
  // Each test waits for its own; a server that did not start fails only its test.
  for (const e of EXAMPLES) {
    const starting = startAppExample(e.name, e.args, 60_000);
    starting.catch(() => {});
    servers.set(e.name, starting);
  }
});
test.afterAll(async () => {
  await Promise.allSettled([...servers.values()].map(async (s) => (await s).close()));
});

/** Records, in the page, every method that reaches it from an app's sandbox and every view that initialized. */
async function listen(page: Page): Promise<void> {
  await page.addInitScript((sandbox) => {
    const w = window as unknown as { __talk: string[]; __initialized: number; __contextBlocks: string[] };
    w.__talk = [];
    w.__initialized = 0;
    w.__contextBlocks = [];
    // What each model context the chat took holds: its blocks' types (an image's with its MIME type and whether it has data).
    addEventListener('mcp-app-context-update', (e) => {
      const blocks = (e as unknown as { context: { content?: Array<{ type: string; mimeType?: string; data?: string }> } }).context.content;
      for (const b of blocks ?? [])
        w.__contextBlocks.push(b.type === 'image' ? `image ${b.mimeType} ${b.data ? 'with data' : 'empty'}` : b.type);
    });
    addEventListener('message', (e) => {
      const method = (e.data as { method?: unknown } | null)?.method;
      if (e.origin === sandbox && typeof method === 'string') w.__talk.push(method);
    });
    addEventListener('mcp-app-initialize', () => void w.__initialized++);
  }, new URL(process.env.E2E_SANDBOX_URL!).origin);
}

/**
 * Share of the frame's pixels, in a real screenshot, that differ clearly from
 * its most common colour (its background), and that colour's brightness (0-255).
 */
async function paint(page: Page): Promise<{ painted: number; background: number }> {
  const frame = page.locator('mcp-app-view iframe[part="frame"]');
  const png = (await frame.screenshot()).toString('base64');
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    const counts = new Map<number, number>();
    for (let i = 0; i < data.length; i += 4) {
      const key = ((data[i]! >> 3) << 10) | ((data[i + 1]! >> 3) << 5) | (data[i + 2]! >> 3);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const [top] = [...counts.entries()].sort((a, b) => b[1] - a[1]);
    const bg = [((top![0] >> 10) & 31) << 3, ((top![0] >> 5) & 31) << 3, (top![0] & 31) << 3];
    let differ = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (Math.abs(data[i]! - bg[0]!) + Math.abs(data[i + 1]! - bg[1]!) + Math.abs(data[i + 2]! - bg[2]!) > 60) differ++;
    }
    return { painted: differ / (data.length / 4), background: Math.round((bg[0]! + bg[1]! + bg[2]!) / 3) };
  }, png);
}

async function runFromPalette(page: Page, example: Example): Promise<void> {
  const params = new URLSearchParams({ sandbox: process.env.E2E_SANDBOX_URL!, server: (await servers.get(example.name)!).url });
  await page.goto(`index.html?${params}`);
  const chat = page.locator('mcp-chat');
  await expect(chat.getByRole('button', { name: /: connected$/ })).toHaveCount(1, { timeout: 15_000 });
  await page.getByRole('textbox', { name: 'Message' }).fill(`/${example.tool}`);
  await expect(chat.locator('[part="palette-item"]').first()).toBeVisible();
  await page.keyboard.press('Enter');
  const form = chat.locator('[part="run-form"]');
  for (const [name, value] of Object.entries(example.fill ?? {})) await form.locator(`[name="${name}"]`).fill(value);
  await form.locator('button[type="submit"]').click();
}

async function check(page: Page, example: Example, dark: boolean): Promise<void> {
  const view = page.locator('mcp-app-view');
  const app = page.frameLocator('mcp-app-view iframe[part="frame"]').frameLocator('iframe');
  await expect.poll(() => page.evaluate(() => (window as unknown as { __initialized: number }).__initialized), { timeout: 30_000 }).toBe(1);
  await expect(view).toHaveAttribute('state', 'running');
  if (example.allow) {
    // The app's own tool call reached the chat, which asks the person first.
    const allow = page
      .locator('mcp-chat')
      .getByRole('button', { name: example.allow === 'always' ? 'Always allow' : 'Approve', exact: true });
    await expect(allow).toBeVisible({ timeout: 15_000 });
    await allow.click();
  }
  const talk = () => page.evaluate(() => (window as unknown as { __talk: string[] }).__talk);
  await expect.poll(talk, { timeout: 15_000 }).toContain(example.talk);
  if (example.shows) await expect(app.locator('body')).toContainText(example.shows, { timeout: 15_000 });
  if (example.contextImage) {
    const blocks = () => page.evaluate(() => (window as unknown as { __contextBlocks: string[] }).__contextBlocks);
    await expect.poll(blocks, { timeout: 15_000 }).toContain(`image ${example.contextImage} with data`);
  }
  // The view's result came from the chat's call.
  expect(await view.evaluate((v) => Boolean((v as unknown as { toolResult?: unknown }).toolResult))).toBe(true);
  const frame = page.locator('mcp-app-view iframe[part="frame"]');
  await frame.scrollIntoViewIfNeeded();
  const box = (await frame.boundingBox())!;
  expect(box.width).toBeGreaterThan(200);
  expect(box.height).toBeGreaterThan(60);
  // Something is drawn: a clear share of the frame is not its background colour.
  let shot = { painted: 0, background: 0 };
  await expect.poll(async () => (shot = await paint(page)).painted, { timeout: 10_000 }).toBeGreaterThan(0.01);
  // The app follows the chat's theme (its background, or the view's showing through).
  const { background } = shot;
  if (dark) expect(background, 'a dark app background').toBeLessThan(90);
  else expect(background, 'a light app background').toBeGreaterThan(170);
  // Its header fits: the last button is inside the view, not cut off at 390 px.
  const base = (await view.locator('[part~="base"]').boundingBox())!;
  const close = (await view.locator('[part~="close-button"]').boundingBox())!;
  expect(close.x + close.width, 'the Close button is inside the view').toBeLessThanOrEqual(base.x + base.width);
  // The view says nothing about its security policy unless the app needs more than it may have.
  const notes = view.locator('[part~="csp-note"]');
  if (example.cspNote) await expect(notes).toContainText(example.cspNote);
  else await expect(notes).toHaveCount(0);
}

test.describe('official MCP Apps examples at 390 px, dark', () => {
  test.use({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  for (const example of EXAMPLES) {
    test(`${example.name}: ${example.tool} from the palette renders and talks back`, async ({ page }) => {
      // The first test also waits for the servers, all starting at once on two cores.
      test.setTimeout(120_000);
      await listen(page);
      await runFromPalette(page, example);
      await check(page, example, true);
    });
  }
});

// Issue 41 item 3: an official example that styles itself with the spec's variables (text, font, info
// notice, focus ring, radius) takes the chat's values for them, so it looks like the chat it sits in.
test.describe("an official example in the chat's style, 390 px, dark", () => {
  test.use({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  test("basic-vanillajs: its text, font, notice and button take the chat's colours, font and radius", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const example = EXAMPLES.find((e) => e.name === 'basic-vanillajs')!;
    await listen(page);
    await runFromPalette(page, example);
    await check(page, example, true);
    // The chat's own values, as computed styles (each token resolved on the view, as the host sends it).
    const chat = await page.locator('mcp-app-view').evaluate((view) => {
      const token = (name: string) => getComputedStyle(view).getPropertyValue(`--_mcp-${name}`).trim();
      const probe = document.createElement('div');
      document.body.append(probe);
      const computed = (property: 'color' | 'fontFamily' | 'borderRadius' | 'backgroundColor', value: string) => {
        probe.style[property] = value;
        return getComputedStyle(probe)[property];
      };
      const values = {
        text: computed('color', token('color-fg')),
        font: computed('fontFamily', token('font-family')),
        info: computed('color', token('color-accent')),
        infoBackground: computed('backgroundColor', `color-mix(in srgb, ${token('color-accent')} 8%, ${token('color-bg')})`),
        radius: computed('borderRadius', token('radius')),
      };
      probe.remove();
      return values;
    });
    const app = page.frameLocator('mcp-app-view iframe[part="frame"]').frameLocator('iframe');
    const body = await app.locator('body').evaluate((b) => ({ text: getComputedStyle(b).color, font: getComputedStyle(b).fontFamily }));
    const notice = await app
      .locator('.notice')
      .evaluate((n) => ({ info: getComputedStyle(n).color, infoBackground: getComputedStyle(n).backgroundColor }));
    const radius = await app.locator('#get-time-btn').evaluate((b) => getComputedStyle(b).borderRadius);
    // Without the host's variables the app's own defaults differ from the chat's (#f3f4f6 text, #60a5fa info, 6px).
    expect({ ...body, ...notice, radius }).toEqual(chat);
    // To look at: the chat with the view, as a person sees it.
    await page.screenshot({ path: testInfo.outputPath('basic-vanillajs-390-dark.png') });
  });
});

test.describe('official MCP Apps examples at 1280 px, light', () => {
  test.use({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
  for (const example of EXAMPLES.filter((e) => e.desktop)) {
    test(`${example.name}: ${example.tool} from the palette renders and talks back`, async ({ page }) => {
      test.setTimeout(120_000);
      await listen(page);
      await runFromPalette(page, example);
      await check(page, example, false);
    });
  }
});
