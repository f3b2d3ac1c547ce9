// demo/models-eval.html: the eval's tasks with the browser's built-in model
// (or, with `?model=URL`, the on-device open model: scripts/eval-on-device.mjs).
// Shows the model's state, downloads only when the person clicks, then runs
// demo/eval/tasks.ts and prints the same table as `npm run eval:models`.
import { McpHub } from '../src/mcp/hub.js';
import { createBrowserModelProvider } from '../src/providers/browser/browser-model-provider.js';
import { createOnDeviceProvider } from '../src/providers/on-device/on-device-provider.js';
import { DEFAULT_SERVER } from './chat-params.js';
import { evalTable, runEval } from './eval/run-eval.js';
import { EVAL_TASKS } from './eval/tasks.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const params = new URLSearchParams(location.search);
$<HTMLInputElement>('demo-url').value = params.get('demo') ?? DEFAULT_SERVER;
if (params.get('everything')) $<HTMLInputElement>('everything-url').value = params.get('everything')!;

// `?model=URL` (a GGUF file): the on-device open model (wllama) instead of the browser's own.
const modelUrl = params.get('model');
const browser = modelUrl ? undefined : createBrowserModelProvider();
const contextSize = Number(params.get('context')) || undefined; // tokens (the provider's default: 4096)
const onDevice = modelUrl ? createOnDeviceProvider({ modelUrl, ...(contextSize ? { contextSize } : {}) }) : undefined;
const provider = (browser ?? onDevice)!;
const out = $<HTMLPreElement>('out');

async function showStatus(): Promise<void> {
  if (onDevice) {
    const status = await onDevice.status();
    $('status').textContent =
      `${status.state}: ${modelUrl}${'bytes' in status && status.bytes ? ` (${status.bytes} bytes)` : ''}${'reason' in status ? ` ${status.reason}` : ''}`;
    $('download').hidden = status.state !== 'not-downloaded' && status.state !== 'failed';
    return;
  }
  const status = await browser!.status();
  $('status').textContent =
    `${status.state}: ${status.message}${browser!.contextWindow ? ` (context window ${browser!.contextWindow} tokens)` : ''}`;
  $('download').hidden = status.state !== 'downloadable';
}

$('download').addEventListener('click', () => {
  const bar = $<HTMLProgressElement>('progress');
  bar.hidden = false;
  // Called straight from the click: the browser wants a user activation to start a download.
  const started = onDevice
    ? onDevice.download({ onProgress: ({ loaded, total }) => (bar.value = total ? loaded / total : 0) })
    : browser!.download({ onProgress: (loaded) => (bar.value = loaded) });
  started.then(showStatus, (error: Error) => ($('status').textContent = error.message));
});

$('run').addEventListener('click', async () => {
  out.textContent = 'Connecting…\n';
  const hubs = { demo: new McpHub(), everything: new McpHub() };
  try {
    hubs.demo.add({ url: $<HTMLInputElement>('demo-url').value });
    hubs.everything.add({ url: $<HTMLInputElement>('everything-url').value });
    await Promise.all([hubs.demo.connectAll(), hubs.everything.connectAll()]);
    const results = await runEval({
      provider,
      hubs,
      tasks: EVAL_TASKS,
      onResult: (r) => (out.textContent += `${r.success ? 'ok  ' : 'FAIL'} ${r.id} (${r.ms} ms)${r.error ? `: ${r.error}` : ''}\n`),
    });
    out.textContent += `\n${evalTable(results)}\n`;
  } catch (error) {
    out.textContent += `${error instanceof Error ? error.message : String(error)}\n`;
  } finally {
    await Promise.allSettled([hubs.demo.close(), hubs.everything.close()]);
  }
});

void showStatus();
