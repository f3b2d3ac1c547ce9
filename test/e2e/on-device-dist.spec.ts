import { expect, test } from '@playwright/test';
import { startSite, startTinyModel, type Site, type TinyModel } from './dist-site.js';

// The on-device provider as the package ships it (dist/, built by `npm run build`,
// which `npm test` runs first), laid out as an install is (node_modules/mcp-web-elements/dist/
// beside node_modules/@wllama/wllama/): the page imports the provider with an import map for
// wllama (what a bundler does for a user: the engine imports `@wllama/wllama/esm/index.js`,
// the package's built module), and the engine must find its WebAssembly file by itself: the
// dependency's own file (the package carries no copy of it).
// The model is the generated tiny GGUF (scripts/make-tiny-model.mjs), served on 127.0.0.1.

let site: Site;
let tiny: TinyModel;

test.beforeAll(async () => {
  tiny = await startTinyModel();
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>On-device model from dist</title>
<script type="importmap">{ "imports": { "@wllama/wllama/esm/index.js": "/node_modules/@wllama/wllama/esm/index.js" } }</script>
<script type="module">
  import { createOnDeviceProvider } from '/node_modules/mcp-web-elements/dist/providers/on-device/on-device-provider.js';
  window.runModel = async (modelUrl) => {
    const provider = createOnDeviceProvider({ modelUrl });
    const before = await provider.status();
    await provider.download();
    const result = await provider.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 40 });
    const after = await provider.status();
    await provider.dispose();
    return { before, after, result };
  };
</script></head><body><main><h1>On-device model</h1></main></body></html>`;
  // This repository stands for the installed package: /node_modules/mcp-web-elements/dist/ is its dist/.
  site = await startSite((path) =>
    path === '/' ? { html: page } : { file: `.${path.replace(/^\/node_modules\/mcp-web-elements\//, '/')}` },
  );
});

test.afterAll(async () => {
  await site.close();
  await tiny.models.close();
});

test('the packaged provider downloads the model after consent and answers, with the WebAssembly file of its dependency (the package carries none)', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${site.origin}/`);
  const modelUrl = `${tiny.models.url}/m/dist-${Date.now()}/tiny-model.gguf`;
  const { before, after, result } = await page.evaluate(
    (url) => (window as unknown as { runModel: (u: string) => Promise<any> }).runModel(url),
    modelUrl,
  );
  expect(before).toEqual({ state: 'not-downloaded', bytes: expect.any(Number) });
  expect(after).toMatchObject({ state: 'ready' });
  expect(result.content[0]).toMatchObject({ type: 'text' });
  expect(site.served.filter((f) => f.endsWith('.wasm'))).toEqual(['node_modules/@wllama/wllama/esm/wasm/wllama.wasm']);
  expect(errors).toEqual([]);
});
