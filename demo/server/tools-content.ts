import type { LoggingLevel, McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { LOGO_PNG_BASE64, TONE_WAV_BASE64, svgIcon } from './assets.js';
import { recordActivity, type DemoState, type Era } from './demo-state.js';
import { textResult } from './flows.js';

/** What every tool registration gets: the era this instance serves and the shared state. */
export interface InstanceContext {
  era: Era;
  state: DemoState;
}

const WEATHER_OUTPUT = z.object({
  city: z.string(),
  temperatureC: z.number(),
  conditions: z.enum(['sunny', 'cloudy', 'rain', 'snow', 'windy']),
  humidityPercent: z.number().int().min(0).max(100),
  windKph: z.number().min(0),
});

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text.toLowerCase()) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });

const LOG_LEVELS: LoggingLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical'];

/** Tools whose results show content kinds, structure, annotations, progress and logging. */
export function registerContentTools(server: McpServer, { era, state }: InstanceContext): void {
  server.registerTool(
    'echo',
    {
      title: 'Echo',
      description: 'Repeats the message back as text.',
      inputSchema: z.object({ message: z.string().describe('Text to echo') }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ message }) => textResult(message),
  );

  server.registerTool(
    'rich-content',
    {
      title: 'Rich content',
      description: 'Returns one result with text, an image, audio, a resource link and an embedded resource, some annotated.',
      icons: svgIcon('🎨', '#7c3aed'),
      annotations: { readOnlyHint: true },
    },
    async () => ({
      content: [
        { type: 'text', text: 'Here is every kind of content block a tool result can hold.' },
        {
          type: 'image',
          data: LOGO_PNG_BASE64,
          mimeType: 'image/png',
          annotations: { audience: ['user'], priority: 0.9 },
        },
        { type: 'audio', data: TONE_WAV_BASE64, mimeType: 'audio/wav', annotations: { audience: ['user'], priority: 0.4 } },
        {
          type: 'resource_link',
          uri: 'demo://readme',
          name: 'readme',
          title: 'Demo server README',
          description: 'What this server offers',
          mimeType: 'text/markdown',
          annotations: { audience: ['assistant', 'user'], priority: 0.5 },
        },
        {
          type: 'resource',
          resource: { uri: 'demo://notes/1', mimeType: 'text/plain', text: state.notes.get('1')?.text ?? '(deleted)' },
          annotations: { audience: ['assistant'], priority: 0.2 },
        },
      ],
    }),
  );

  server.registerTool(
    'weather',
    {
      title: 'Weather',
      description: 'Current weather for a city (made up, deterministic), as structured content.',
      icons: svgIcon('⛅', '#0ea5e9'),
      inputSchema: z.object({ city: z.string().min(1).describe('City name') }),
      outputSchema: WEATHER_OUTPUT,
      annotations: { readOnlyHint: true, idempotentHint: true },
    },
    async ({ city }) => {
      const h = hash(city);
      const report = {
        city,
        temperatureC: (h % 40) - 5,
        conditions: WEATHER_OUTPUT.shape.conditions.options[h % 5],
        humidityPercent: h % 101,
        windKph: (h >>> 8) % 60,
      };
      return { content: [{ type: 'text', text: JSON.stringify(report) }], structuredContent: report };
    },
  );

  server.registerTool(
    'delete-note',
    {
      title: 'Delete note',
      description: 'Deletes a note (demo://notes/{id}). Destructive: clients should ask first.',
      icons: svgIcon('🗑️', '#dc2626'),
      inputSchema: z.object({ id: z.string().describe('Note id, e.g. "1"') }),
      annotations: { destructiveHint: true, idempotentHint: true, readOnlyHint: false },
    },
    async ({ id }) => {
      const note = state.notes.get(id);
      if (!note) return textResult(`Note ${id} was already gone.`);
      state.notes.delete(id);
      await state.resourcesChanged();
      recordActivity(state, { tool: 'delete-note', era, status: 'completed', detail: `deleted note ${id}` });
      return textResult(`Deleted note ${id} ("${note.title}").`);
    },
  );

  server.registerTool(
    'long-task',
    {
      title: 'Long task',
      annotations: { readOnlyHint: true, openWorldHint: false },
      description: 'Works through steps, reporting progress after each; stops early when cancelled.',
      icons: svgIcon('⏳', '#f59e0b'),
      inputSchema: z.object({
        steps: z.number().int().min(1).max(1000).optional().describe('How many steps (default 5)'),
        delayMs: z.number().int().min(0).max(60_000).optional().describe('Milliseconds per step (default 500)'),
      }),
    },
    async ({ steps = 5, delayMs = 500 }, ctx) => {
      const progressToken = ctx.mcpReq._meta?.progressToken;
      const signal = AbortSignal.any([ctx.mcpReq.signal, state.closing]);
      let done = 0;
      while (done < steps && !signal.aborted) {
        await sleep(delayMs, signal);
        if (signal.aborted) break;
        done++;
        if (progressToken !== undefined) {
          await ctx.mcpReq.notify({
            method: 'notifications/progress',
            params: { progressToken, progress: done, total: steps, message: `Step ${done} of ${steps}` },
          });
        }
      }
      const cancelled = done < steps;
      recordActivity(state, {
        tool: 'long-task',
        era,
        status: cancelled ? 'cancelled' : 'completed',
        detail: `${done} of ${steps} steps`,
      });
      return textResult(cancelled ? `Stopped after ${done} of ${steps} steps.` : `Finished ${steps} steps.`);
    },
  );

  server.registerTool(
    'log-demo',
    {
      title: 'Log demo',
      annotations: { readOnlyHint: true, openWorldHint: false },
      description: 'Emits one log message at each level from debug to critical; the client level filters them.',
      icons: svgIcon('📜', '#64748b'),
    },
    async (ctx) => {
      for (const level of LOG_LEVELS) {
        await ctx.mcpReq.log(level, { message: `A ${level} message from log-demo`, level }, 'log-demo');
      }
      return textResult(`Emitted ${LOG_LEVELS.length} log messages (${LOG_LEVELS.join(', ')}); your logging level decides which arrive.`);
    },
  );

  server.registerTool(
    'touch-resource',
    {
      title: 'Touch counter',
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
      description: 'Increments demo://counter and notifies its subscribers.',
      icons: svgIcon('🔔', '#16a34a'),
    },
    async () => {
      state.counter++;
      await state.resourceUpdated('demo://counter');
      return textResult(`demo://counter is now ${state.counter}.`);
    },
  );
}
