import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { part, showHostile } from './app-view-support.js';

// Issue 27 §1: in a dark chat an app view was a white box. The proxy frame's
// colour scheme differed from the frame element's, so Chromium painted an
// opaque light backdrop behind a transparent page. The view's own dark
// background must show through while the app loads or says nothing.

/** The colour of the screen at the centre of `element` (a real screenshot, decoded on a canvas). */
async function colourAt(element: Element): Promise<[number, number, number]> {
  const box = element.getBoundingClientRect();
  const shot = (await page.screenshot({ base64: true, save: false })) as unknown as string | { base64: string };
  const base64 = typeof shot === 'string' ? shot : shot.base64;
  const image = new Image();
  image.src = `data:image/png;base64,${base64}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  const context = canvas.getContext('2d')!;
  context.drawImage(image, 0, 0);
  const scale = image.naturalWidth / window.innerWidth;
  const [r, g, b] = context.getImageData(
    Math.round((box.left + box.width / 2) * scale),
    Math.round((box.top + box.height / 2) * scale),
    1,
    1,
  ).data;
  return [r!, g!, b!];
}

test('a dark view of an app that draws nothing is dark, not a white box', async () => {
  document.documentElement.style.colorScheme = 'dark';
  document.body.style.background = '#101010';
  try {
    const shown = await showHostile('silent', {
      setup: (v) => {
        v.theme = 'dark';
        v.style.setProperty('--mcp-app-view-bg', 'rgb(20, 20, 20)');
        v.startTimeout = 60_000;
      },
    });
    const frame = await expect
      .poll(() => part(shown.view, 'frame'), { timeout: 15_000 })
      .toBeTruthy()
      .then(() => part(shown.view, 'frame')!);
    // The proxy page has loaded (and the silent app in it).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const [r, g, b] = await colourAt(frame);
    expect(Math.max(r, g, b), `the frame shows rgb(${r}, ${g}, ${b})`).toBeLessThan(80);
  } finally {
    document.documentElement.style.colorScheme = '';
    document.body.style.background = '';
  }
});
