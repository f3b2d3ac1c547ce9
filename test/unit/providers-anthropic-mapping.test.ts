import { describe, expect, test } from 'vitest';
import { convertToAnthropicMessages, convertToAnthropicTools } from '../../src/providers/anthropic/convert-to-anthropic-messages.js';
import { mapAnthropicStopReason } from '../../src/providers/anthropic/map-anthropic-stop-reason.js';

describe('convertToAnthropicMessages', () => {
  test('an attached PDF is a document block (its name the title); another binary file is said in text', () => {
    const pdf = { uri: 'attachment:report.pdf', name: 'report.pdf', mimeType: 'application/pdf', blob: 'JVBERi0x' };
    const zip = { uri: 'attachment:a.zip', name: 'a.zip', mimeType: 'application/zip', blob: 'UEsDBA' };
    expect(
      convertToAnthropicMessages({
        messages: [
          {
            role: 'user',
            content: [
              { type: 'resource', resource: pdf },
              { type: 'resource', resource: zip },
            ],
          } as never,
        ],
      }),
    ).toEqual([
      {
        role: 'user',
        content: [
          { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0x' }, title: 'report.pdf' },
          { type: 'text', text: '[Resource attachment:a.zip (application/zip)] binary content not shown' },
        ],
      },
    ]);
  });

  test('text, image, audio and resources in a user message', () => {
    expect(
      convertToAnthropicMessages({
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Look' },
              { type: 'image', data: 'iVBOR', mimeType: 'image/png' },
              { type: 'audio', data: 'UklGR', mimeType: 'audio/wav' },
            ],
          },
        ],
      }),
    ).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Look' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBOR' } },
          { type: 'text', text: '[audio (audio/wav) not shown: this model takes no audio]' },
        ],
      },
    ]);
  });

  test('tool_use and tool_result map one to one, with is_error and structuredContent', () => {
    expect(
      convertToAnthropicMessages({
        messages: [
          { role: 'user', content: { type: 'text', text: 'Weather?' } },
          {
            role: 'assistant',
            content: [
              { type: 'text', text: 'Checking.' },
              { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
            ],
          },
          {
            role: 'user',
            content: [
              {
                type: 'tool_result',
                toolUseId: 'toolu_1',
                content: [
                  { type: 'image', data: 'AAA', mimeType: 'image/jpeg' },
                  { type: 'resource', resource: { uri: 'file:///a.txt', text: 'alpha' } },
                  { type: 'resource_link', uri: 'file:///b', name: 'b', description: 'bee' },
                ],
              },
            ],
          } as never,
          { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_2', name: 'n', input: {} }] },
          {
            role: 'user',
            content: [{ type: 'tool_result', toolUseId: 'toolu_2', content: [], structuredContent: { n: 1 }, isError: true }],
          },
        ],
      }),
    ).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Checking.' },
          { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
        ],
      },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'toolu_1',
            content: [
              { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: 'AAA' } },
              { type: 'text', text: '[Resource file:///a.txt]\nalpha' },
              { type: 'text', text: '[Resource link: b file:///b - bee]' },
            ],
          },
        ],
      },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_2', name: 'n', input: {} }] },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'toolu_2', content: [{ type: 'text', text: '{"n":1}' }], is_error: true }],
      },
    ]);
  });
});

test('convertToAnthropicTools: input_schema, and toolChoice auto/required/none -> auto/any/none', () => {
  const tools = [{ name: 'add', description: 'Adds', inputSchema: { type: 'object' as const } }];
  expect(convertToAnthropicTools({ tools, toolChoice: { mode: 'required' } })).toEqual({
    tools: [{ name: 'add', description: 'Adds', input_schema: { type: 'object' } }],
    tool_choice: { type: 'any' },
  });
  expect(convertToAnthropicTools({ tools, toolChoice: { mode: 'auto' } }).tool_choice).toEqual({ type: 'auto' });
  expect(convertToAnthropicTools({ tools, toolChoice: { mode: 'none' } }).tool_choice).toEqual({ type: 'none' });
  expect(convertToAnthropicTools({ tools })).not.toHaveProperty('tool_choice');
  expect(convertToAnthropicTools({})).toEqual({});
});

test.each([
  ['end_turn', 'endTurn'],
  ['max_tokens', 'maxTokens'],
  ['stop_sequence', 'stopSequence'],
  ['tool_use', 'toolUse'],
  ['pause_turn', 'pause_turn'],
  ['refusal', 'refusal'],
])('Anthropic stop_reason %s -> %s', (given, expected) => {
  expect(mapAnthropicStopReason(given)).toBe(expected);
});
