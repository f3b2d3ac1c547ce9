import { completable, type McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { svgIcon } from './assets.js';

/** Styles `summarize` knows; offered as completions of its `style` argument. */
export const SUMMARY_STYLES = ['brief', 'bullet-points', 'detailed', 'eli5', 'formal'];

/** Prompts: `summarize` (arguments, one with completions) and `greeting` (none). */
export function registerPrompts(server: McpServer): void {
  server.registerPrompt(
    'summarize',
    {
      title: 'Summarize a topic',
      description: 'Asks the model for a summary of a topic in a chosen style.',
      icons: svgIcon('🧾', '#0d9488'),
      argsSchema: z.object({
        topic: z.string().describe('What to summarize'),
        style: completable(z.string().describe(`How to write it: ${SUMMARY_STYLES.join(', ')}`), (value) =>
          SUMMARY_STYLES.filter((s) => s.startsWith(value ?? '')),
        ).optional(),
      }),
    },
    ({ topic, style }) => ({
      description: `Summary of ${topic}`,
      messages: [
        {
          role: 'user',
          content: { type: 'text', text: `Summarize ${topic}${style ? ` in a ${style} style` : ''}.` },
        },
      ],
    }),
  );

  server.registerPrompt('greeting', { title: 'Greeting', description: 'A friendly hello from the demo server.' }, () => ({
    messages: [
      { role: 'user', content: { type: 'text', text: 'Say hello to the person using the MCP demo, in one sentence.' } },
      { role: 'assistant', content: { type: 'text', text: 'Hello! Welcome to the MCP elements demo.' } },
    ],
  }));
}
