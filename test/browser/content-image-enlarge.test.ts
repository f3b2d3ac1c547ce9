import { afterEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../src/elements/content/mcp-content-block/mcp-content-block.js';
import type { McpContentBlock } from '../../src/elements/content/mcp-content-block/mcp-content-block.js';
import { CONTENT_STRINGS_AR } from '../../src/elements/shared/content-strings-ar.js';

/** "Click to enlarge" on images of answers and tool results (issue 11 §4: a 32 px image opened at 32 px). */

/** A PNG of the given size (a checkerboard, so scaling is visible), as base64. */
function png(width: number, height: number): string {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const g = canvas.getContext('2d')!;
  for (let y = 0; y < height; y += 4)
    for (let x = 0; x < width; x += 4) {
      g.fillStyle = (x + y) % 8 === 0 ? '#1d4ed8' : '#fbbf24';
      g.fillRect(x, y, 4, 4);
    }
  return canvas.toDataURL('image/png').split(',')[1]!;
}

async function image(width: number, height: number, strings?: McpContentBlock['strings']): Promise<McpContentBlock> {
  const el = document.createElement('mcp-content-block');
  el.style.display = 'block';
  el.style.width = '600px';
  el.block = { type: 'image', data: png(width, height), mimeType: 'image/png' };
  if (strings) el.strings = strings;
  document.body.append(el);
  await el.updateComplete;
  await el.shadowRoot!.querySelector('img')!.decode();
  await new Promise((resolve) => setTimeout(resolve, 50));
  await el.updateComplete;
  return el;
}

afterEach(() => document.body.replaceChildren());

describe('enlarging an image', () => {
  test('a 32 px image opens in a modal dialog scaled up to fit the viewport, with hard pixel edges; Escape closes it and focus returns', async () => {
    const el = await image(32, 32);
    const button = el.shadowRoot!.querySelector<HTMLButtonElement>('[part="image-button"]')!;
    expect(button.getAttribute('aria-label')).toBe('Enlarge image');
    await userEvent.click(button);
    const dialog = el.shadowRoot!.querySelector('dialog')!;
    expect(dialog.open).toBe(true);
    expect(dialog.matches(':modal')).toBe(true);
    const big = dialog.querySelector<HTMLImageElement>('img.enlarged')!;
    const box = big.getBoundingClientRect();
    expect(box.width).toBeGreaterThanOrEqual(200);
    expect(Math.abs(box.width - box.height)).toBeLessThan(1);
    expect(box.width).toBeLessThanOrEqual(innerWidth);
    expect(box.height).toBeLessThanOrEqual(innerHeight);
    expect(getComputedStyle(big).imageRendering).toBe('pixelated');
    await userEvent.keyboard('{Escape}');
    expect(dialog.open).toBe(false);
    expect(el.shadowRoot!.activeElement).toBe(button);
  });

  test('the close button closes it; a wide image keeps its aspect ratio; labels follow strings', async () => {
    const el = await image(120, 40, CONTENT_STRINGS_AR);
    const button = el.shadowRoot!.querySelector<HTMLButtonElement>('[part="image-button"]')!;
    expect(button.getAttribute('aria-label')).toBe('تكبير الصورة');
    await userEvent.click(button);
    const dialog = el.shadowRoot!.querySelector('dialog')!;
    const box = dialog.querySelector('img.enlarged')!.getBoundingClientRect();
    expect(box.width / box.height).toBeCloseTo(3, 1);
    expect(box.width).toBeGreaterThan(120);
    const close = dialog.querySelector<HTMLButtonElement>('button[aria-label="إغلاق"]')!;
    await userEvent.click(close);
    expect(dialog.open).toBe(false);
    expect(el.shadowRoot!.activeElement).toBe(button);
  });

  test('a large image shown at its natural size offers nothing to enlarge', async () => {
    const el = await image(300, 200);
    const img = el.shadowRoot!.querySelector('img')!;
    expect(Math.round(img.getBoundingClientRect().width)).toBe(300);
    expect(el.shadowRoot!.querySelector('[part="image-button"]')).toBeNull();
    expect(el.shadowRoot!.querySelector('dialog')).toBeNull();
    expect(getComputedStyle(img).cursor).not.toBe('zoom-in');
  });

  test('when its column narrows so the image is shown smaller, it can be enlarged again', async () => {
    const el = await image(300, 200);
    expect(el.shadowRoot!.querySelector('[part="image-button"]')).toBeNull();
    el.style.width = '200px';
    await expect.poll(() => el.shadowRoot!.querySelector('[part="image-button"]') !== null).toBe(true);
    el.remove();
    el.style.width = '600px';
    document.body.append(el);
    await expect.poll(() => el.shadowRoot!.querySelector('[part="image-button"]') === null).toBe(true);
  });

  test('an image shown smaller than it is can be enlarged, and then is shown larger', async () => {
    const el = await image(1200, 800);
    const shown = el.shadowRoot!.querySelector('img')!.getBoundingClientRect().width;
    expect(shown).toBeLessThan(400);
    await userEvent.click(el.shadowRoot!.querySelector<HTMLButtonElement>('[part="image-button"]')!);
    const big = el.shadowRoot!.querySelector('dialog img.enlarged')!;
    expect(big.getBoundingClientRect().width).toBeGreaterThan(shown);
    expect(getComputedStyle(big).imageRendering).not.toBe('pixelated');
    await userEvent.keyboard('{Escape}');
  });
});
