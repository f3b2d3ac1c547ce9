import { describe, expect, test } from 'vitest';
import { convertToOpenAIMessages, convertToOpenAITools } from '../../src/providers/openai/convert-to-openai-messages.js';
import { mapOpenAIStopReason } from '../../src/providers/openai/map-openai-stop-reason.js';

describe('convertToOpenAIMessages', () => {
  test('an attached PDF is a file part (filename, data URL); a CSV travels as its text', () => {
    const pdf = { uri: 'attachment:report.pdf', name: 'report.pdf', mimeType: 'application/pdf', blob: 'JVBERi0x' };
    const csv = { uri: 'attachment:data.csv', name: 'data.csv', mimeType: 'text/csv', text: 'a,b\n1,2' };
    expect(
      convertToOpenAIMessages({
        messages: [
          {
            role: 'user',
            content: [
              { type: 'resource', resource: pdf },
              { type: 'resource', resource: csv },
            ],
          } as never,
        ],
      }),
    ).toEqual([
      {
        role: 'user',
        content: [
          { type: 'file', file: { filename: 'report.pdf', file_data: 'data:application/pdf;base64,JVBERi0x' } },
          { type: 'text', text: '[Resource attachment:data.csv (text/csv)]\na,b\n1,2' },
        ],
      },
    ]);
  });

  test('system prompt, lone text as a string, image and audio as parts', () => {
    expect(
      convertToOpenAIMessages({
        systemPrompt: 'Be brief.',
        messages: [
          { role: 'user', content: { type: 'text', text: 'Hi' } },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Look' },
              { type: 'image', data: 'iVBOR', mimeType: 'image/png' },
              { type: 'audio', data: 'UklGR', mimeType: 'audio/wav' },
              { type: 'audio', data: 'SUQz', mimeType: 'audio/mpeg' },
            ],
          },
        ],
      }),
    ).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Look' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBOR' } },
          { type: 'input_audio', input_audio: { data: 'UklGR', format: 'wav' } },
          { type: 'input_audio', input_audio: { data: 'SUQz', format: 'mp3' } },
        ],
      },
    ]);
  });

  test('assistant text and tool_use become content and tool_calls with JSON-string arguments', () => {
    expect(
      convertToOpenAIMessages({
        messages: [
          {
            role: 'assistant',
            content: [
              { type: 'text', text: 'Checking.' },
              { type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Paris' } },
            ],
          },
          {
            role: 'user',
            content: [
              {
                type: 'tool_result',
                toolUseId: 'call_1',
                content: [
                  { type: 'text', text: '18°C' },
                  { type: 'text', text: 'sunny' },
                ],
              },
            ],
          },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'call_2', name: 'noop', input: {} }] },
          {
            role: 'user',
            content: [{ type: 'tool_result', toolUseId: 'call_2', content: [], structuredContent: { ok: true }, isError: true }],
          },
        ],
      }),
    ).toEqual([
      {
        role: 'assistant',
        content: 'Checking.',
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '18°C\nsunny' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_2', type: 'function', function: { name: 'noop', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'call_2', content: 'Error: {"ok":true}' },
    ]);
  });

  test('tool_result images and resources travel in a following user message; nothing is dropped', () => {
    expect(
      convertToOpenAIMessages({
        messages: [
          {
            role: 'assistant',
            content: [
              { type: 'tool_use', id: 'c1', name: 'shot', input: {} },
              { type: 'tool_use', id: 'c2', name: 'read', input: {} },
            ],
          },
          {
            role: 'user',
            content: [
              { type: 'tool_result', toolUseId: 'c1', content: [{ type: 'image', data: 'AAA', mimeType: 'image/jpeg' }] },
              {
                type: 'tool_result',
                toolUseId: 'c2',
                content: [
                  { type: 'text', text: 'Two files:' },
                  { type: 'resource', resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'alpha' } },
                  { type: 'resource_link', uri: 'file:///b.bin', name: 'b.bin' },
                  { type: 'resource', resource: { uri: 'file:///c.png', mimeType: 'image/png', blob: 'QkJC' } },
                ],
              },
            ],
          } as never,
        ],
      }),
    ).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'shot', arguments: '{}' } },
          { id: 'c2', type: 'function', function: { name: 'read', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'c1', content: '[1 non-text block(s) of this result follow in the next user message]' },
      { role: 'tool', tool_call_id: 'c2', content: 'Two files:\n[Resource file:///a.txt (text/plain)]\nalpha' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Content of tool result c1:' },
          { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,AAA' } },
          { type: 'text', text: 'Content of tool result c2:' },
          { type: 'text', text: '[Resource link: b.bin file:///b.bin]' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,QkJC' } },
        ],
      },
    ]);
  });

  test('a tool_use in a user message is refused with a clear error', () => {
    expect(() =>
      convertToOpenAIMessages({ messages: [{ role: 'user', content: { type: 'tool_use', id: 'x', name: 'n', input: {} } }] }),
    ).toThrow(/only assistant messages call tools/);
  });
});

describe('convertToOpenAITools', () => {
  test('tools become functions; toolChoice modes pass through; no tools, no fields', () => {
    const tools = [{ name: 'add', description: 'Adds', inputSchema: { type: 'object' as const, properties: { a: { type: 'number' } } } }];
    expect(convertToOpenAITools({ tools, toolChoice: { mode: 'required' } })).toEqual({
      tools: [
        {
          type: 'function',
          function: { name: 'add', description: 'Adds', parameters: { type: 'object', properties: { a: { type: 'number' } } } },
        },
      ],
      tool_choice: 'required',
    });
    expect(convertToOpenAITools({ tools, toolChoice: { mode: 'none' } }).tool_choice).toBe('none');
    expect(convertToOpenAITools({ tools, toolChoice: { mode: 'auto' } }).tool_choice).toBe('auto');
    expect(convertToOpenAITools({ tools })).not.toHaveProperty('tool_choice');
    expect(convertToOpenAITools({ tools: [], toolChoice: { mode: 'auto' } })).toEqual({});
  });
});

test.each([
  ['stop', 'endTurn'],
  [null, 'endTurn'],
  ['length', 'maxTokens'],
  ['tool_calls', 'toolUse'],
  ['function_call', 'toolUse'],
  ['content_filter', 'content_filter'],
])('OpenAI finish_reason %s -> %s', (given, expected) => {
  expect(mapOpenAIStopReason(given)).toBe(expected);
});
