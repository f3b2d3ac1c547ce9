// demo/models-eval.html: the eval's tasks with the browser's built-in model.
// Shows the model's state, downloads only when the person clicks, then runs
// demo/eval/tasks.ts and prints the same table as `npm run eval:models`.
import { McpHub } from '../src/mcp/hub.js';
import { createBrowserModelProvider } from '../src/providers/browser/browser-model-provider.js';
import { DEFAULT_SERVER } from './chat-params.js';
import { evalTable, runEval } from './eval/run-eval.js';
import { EVAL_TASKS } from './eval/tasks.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const params = new URLSearchParams(location.search);
$<HTMLInputElement>('demo-url').value = params.get('demo') ?? DEFAULT_SERVER;
if (params.get('everything')) $<HTMLInputElement>('everything-url').value = params.get('everything')!;

const provider = createBrowserModelProvider();
const out = $<HTMLPreElement>('out');

async function showStatus(): Promise<void> {
  const status = await provider.status();
  $('status').textContent = `${status.state}: ${status.message}${provider.contextWindow ? ` (context window ${provider.contextWindow} tokens)` : ''}`;
  $('download').hidden = status.state !== 'downloadable';
}

$('download').addEventListener('click', () => {
  const bar = $<HTMLProgressElement>('progress');
  bar.hidden = false;
  // Called straight from the click: the browser wants a user activation to start a download.
  provider
    .download({ onProgress: (loaded) => (bar.value = loaded) })
    .then(showStatus, (error: Error) => ($('status').textContent = error.message));
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
