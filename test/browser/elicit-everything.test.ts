import { afterEach, beforeEach, describe, expect, inject, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { Client, StreamableHTTPClientTransport, type CallToolResult } from '@modelcontextprotocol/client';
import { registerElicitForm, showElicitForm } from '../../src/elements/mcp-elicit-form/show-elicit-form.js';
import { McpConnection } from '../../src/mcp/connection.js';
import { InputRouter } from '../../src/mcp/input-router.js';

// server-everything's `trigger-elicitation-request` (13 fields: formats, titled
// and untitled enums, multi-selects, defaults) answered through the element by
// a real SDK client in the page; the server echoes the raw result it received.

let container: HTMLElement;
let client: Client;

async function connect(applyDefaults: boolean) {
  client = new Client(
    { name: 'elicit-test', version: '1.0.0' },
    {
      capabilities: { elicitation: { form: applyDefaults ? { applyDefaults: true } : {}, url: {} } },
      versionNegotiation: { mode: 'auto' },
    },
  );
  client.setRequestHandler('elicitation/create', (request) =>
    showElicitForm(request.params, container, { server: { name: 'mcp-servers/everything', title: 'Everything' }, applyDefaults }),
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(inject('everythingUrl'))));
}

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
});

afterEach(async () => {
  await client?.close();
  container.remove();
});

/** The result the server says it received (its "Raw result: {...}" text). */
function rawResult(result: CallToolResult): unknown {
  const text = result.content.map((b) => (b.type === 'text' ? b.text : '')).join('\n');
  const json = text.slice(text.indexOf('Raw result:') + 'Raw result:'.length);
  return JSON.parse(json);
}

const label = (text: string) => page.getByLabelText(text, { exact: true });
const call = () => client.callTool({ name: 'trigger-elicitation-request', arguments: {} }) as Promise<CallToolResult>;

describe('server-everything trigger-elicitation-request', () => {
  test('all 13 fields filled through user events reach the server typed per the schema', async () => {
    await connect(false);
    const pending = call();
    await expect.element(page.getByText('Please provide inputs for the following fields:')).toBeVisible();
    await expect.element(page.getByText('Everything')).toBeVisible();

    await userEvent.fill(label('String'), 'Ada Lovelace');
    await userEvent.click(label('Boolean'));
    await userEvent.fill(label('String with default'), 'Call me Ishmael.');
    await userEvent.fill(label('String with email format'), 'ada@example.com');
    await userEvent.fill(label('String with uri format'), 'https://ada.example/portfolio');
    await userEvent.fill(label('String with date format'), '1815-12-10');
    await userEvent.fill(label('Integer'), '7');
    await userEvent.fill(label('Number in range 1-1000'), '2.5');
    await userEvent.selectOptions(label('Untitled Single Select Enum'), 'Rachel');
    await userEvent.click(label('Piano'));
    await userEvent.click(label('Drums'));
    await userEvent.selectOptions(label('Titled Single Select Enum'), 'Wonder Woman');
    await userEvent.click(label('Salmon'));
    await userEvent.click(label('Trout'));
    await userEvent.selectOptions(label('Legacy Titled Single Select Enum'), 'Dogs');
    await userEvent.click(page.getByRole('button', { name: 'Submit' }));

    const result = await pending;
    expect(rawResult(result)).toEqual({
      action: 'accept',
      content: {
        name: 'Ada Lovelace',
        check: true,
        firstLine: 'Call me Ishmael.',
        email: 'ada@example.com',
        homepage: 'https://ada.example/portfolio',
        birthdate: '1815-12-10',
        integer: 7,
        number: 2.5,
        untitledSingleSelectEnum: 'Rachel',
        untitledMultipleSelectEnum: ['Piano', 'Drums'],
        titledSingleSelectEnum: 'hero-3',
        titledMultipleSelectEnum: ['fish-2', 'fish-3'],
        legacyTitledEnum: 'pet-2',
      },
    });
    // The helper took the form down once answered.
    expect(container.querySelector('mcp-elicit-form')).toBeNull();
  });

  test('with applyDefaults the defaults are prefilled and sent; out-of-range values block Submit', async () => {
    await connect(true);
    const pending = call();
    await expect.element(label('String with default')).toHaveValue('It was a dark and stormy night.');
    const submit = page.getByRole('button', { name: 'Submit' });
    // `name` is required and empty.
    await expect.element(submit).toBeDisabled();
    await userEvent.fill(label('String'), 'Grace');
    await userEvent.fill(label('Integer'), '101');
    await userEvent.tab();
    await expect.element(page.getByText('Enter 100 or less.')).toBeVisible();
    await expect.element(submit).toBeDisabled();
    await userEvent.fill(label('Integer'), '42');
    await userEvent.click(submit);

    expect(rawResult(await pending)).toEqual({
      action: 'accept',
      content: {
        name: 'Grace',
        check: false,
        firstLine: 'It was a dark and stormy night.',
        integer: 42,
        number: 3.14,
        untitledSingleSelectEnum: 'Monica',
        untitledMultipleSelectEnum: ['Guitar'],
        titledSingleSelectEnum: 'hero-1',
        titledMultipleSelectEnum: ['fish-1'],
        legacyTitledEnum: 'pet-1',
      },
    });
  });

  test('decline and cancel reach the server', async () => {
    await connect(false);
    let pending = call();
    await userEvent.click(page.getByRole('button', { name: 'Decline' }));
    let result = await pending;
    expect(rawResult(result)).toEqual({ action: 'decline' });
    expect(JSON.stringify(result.content)).toContain('User declined');

    pending = call();
    await expect.element(label('String')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    result = await pending;
    expect(rawResult(result)).toEqual({ action: 'cancel' });
    expect(JSON.stringify(result.content)).toContain('User cancelled');
  });
});

describe('server-everything trigger-url-elicitation', () => {
  test('the -32042 error path shows the prerequisite URL, then the retried call asks for its own URL', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const router = new InputRouter();
    const unregister = registerElicitForm(router, container);
    const connection = new McpConnection({ url: inject('everythingUrl') }, { router });
    try {
      await connection.connect();
      const pending = connection.callTool('trigger-url-elicitation', { url: 'https://example.com/authorize', errorPath: true });
      // The prerequisite of the -32042 error.
      await expect.element(page.getByText('Open this link to satisfy the prerequisite, then retry the request.')).toBeVisible();
      await expect.element(page.getByText('modelcontextprotocol.io', { exact: true })).toBeVisible();
      await userEvent.click(page.getByRole('button', { name: 'Open modelcontextprotocol.io' }));
      expect(open).toHaveBeenCalledWith('https://modelcontextprotocol.io/', '_blank', 'noopener,noreferrer');
      await userEvent.click(page.getByRole('button', { name: "I'm done" }));
      // The retry goes through the request path with the tool's own URL.
      await expect.element(page.getByText('example.com', { exact: true })).toBeVisible();
      await userEvent.click(page.getByRole('button', { name: "I'm done" }));
      const result = await pending;
      expect(JSON.stringify(result.content)).toContain('User completed the URL elicitation flow');
      expect(open).toHaveBeenCalledTimes(1);
    } finally {
      unregister();
      await connection.close();
    }
  });
});
