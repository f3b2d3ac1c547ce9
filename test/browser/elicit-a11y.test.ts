import axe from 'axe-core';
import { afterEach, describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { ElicitRequestParams } from '@modelcontextprotocol/client';
import '../../src/elements/mcp-elicit-form/mcp-elicit-form.js';
import type { McpElicitForm } from '../../src/elements/mcp-elicit-form/mcp-elicit-form.js';
import type { McpElicitResponseEvent } from '../../src/events/elicit-response.js';

// Accessibility and theming of <mcp-elicit-form>: axe in light and dark, the
// whole form answered with the keyboard alone, tokens and the theme attribute.

const REQUEST = {
  mode: 'form',
  message: 'Book a table',
  requestedSchema: {
    type: 'object',
    properties: {
      who: { type: 'string', title: 'Name', description: 'As on the booking', minLength: 2 },
      guests: { type: 'integer', title: 'Guests', minimum: 1, maximum: 8 },
      terrace: { type: 'boolean', title: 'Terrace', description: 'Outside if the weather allows' },
      time: { type: 'string', title: 'Time', enum: ['19:00', '20:00', '21:00'] },
      diets: {
        type: 'array',
        title: 'Diets',
        items: {
          anyOf: [
            { const: 'veg', title: 'Vegetarian' },
            { const: 'gf', title: 'Gluten-free' },
          ],
        },
      },
    },
    required: ['who', 'guests', 'time'],
  },
} as ElicitRequestParams;

const mounted: HTMLElement[] = [];
afterEach(() => mounted.splice(0).forEach((e) => e.remove()));

async function mount(request: ElicitRequestParams, theme?: 'light' | 'dark', parent: HTMLElement = document.body) {
  const el = document.createElement('mcp-elicit-form') as McpElicitForm;
  el.request = request;
  el.server = { name: 'bistro', title: 'Bistro' };
  if (theme) el.theme = theme;
  const events: McpElicitResponseEvent[] = [];
  el.addEventListener('mcp-elicit-response', (e) => events.push(e));
  parent.append(el);
  mounted.push(parent === document.body ? el : parent);
  await el.updateComplete;
  return { el, events };
}

describe('<mcp-elicit-form> accessibility', () => {
  test.each(['light', 'dark'] as const)('axe finds no violations with errors showing (%s)', async (theme) => {
    const { el } = await mount(REQUEST, theme);
    await userEvent.fill(page.getByLabelText('Name', { exact: true }), 'x');
    await userEvent.tab();
    await expect.element(page.getByText('Enter at least 2 characters.')).toBeVisible();
    const result = await axe.run(el, { resultTypes: ['violations'] });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  test.each(['light', 'dark'] as const)('axe finds no violations in URL mode, refused and allowed (%s)', async (theme) => {
    const ok = await mount({ mode: 'url', message: 'Sign in', url: 'https://example.com/a', elicitationId: '1' }, theme);
    const bad = await mount({ mode: 'url', message: 'Sign in', url: 'javascript:alert(1)', elicitationId: '2' }, theme);
    for (const el of [ok.el, bad.el]) {
      const result = await axe.run(el, { resultTypes: ['violations'] });
      expect(result.violations.map((v) => v.id)).toEqual([]);
    }
  });

  test('the whole form can be answered with the keyboard alone', async () => {
    const { el, events } = await mount(REQUEST);
    // Focus is already in the first field.
    await userEvent.keyboard('Jo');
    await userEvent.tab();
    await userEvent.keyboard('4');
    await userEvent.tab();
    await userEvent.keyboard(' '); // Terrace
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}'); // Time: Choose… -> 19:00 -> 20:00
    await userEvent.tab();
    await userEvent.keyboard(' '); // Vegetarian
    await userEvent.tab();
    await userEvent.keyboard(' '); // Gluten-free
    const active = () => el.shadowRoot!.activeElement;
    await userEvent.tab();
    expect(active()?.getAttribute('part')).toBe('accept-button');
    await userEvent.keyboard('{Enter}');
    expect(events.map((e) => e.result)).toEqual([
      { action: 'accept', content: { who: 'Jo', guests: 4, terrace: true, time: '20:00', diets: ['veg', 'gf'] } },
    ]);
  });
});

describe('<mcp-elicit-form> theming', () => {
  const bg = (el: McpElicitForm) => getComputedStyle(el.shadowRoot!.querySelector('[part~="form"]')!).backgroundColor;

  test('the theme attribute switches light and dark', async () => {
    const light = await mount(REQUEST, 'light');
    const dark = await mount(REQUEST, 'dark');
    expect(bg(light.el)).toBe('rgb(255, 255, 255)');
    expect(bg(dark.el)).toBe('rgb(21, 21, 24)'); // --mcp-color-bg, dark (#151518)
    expect(dark.el.getAttribute('theme')).toBe('dark');
  });

  test('global --mcp-* tokens on an ancestor and the element property on the element both apply', async () => {
    const wrapper = document.createElement('div');
    wrapper.style.setProperty('--mcp-color-accent', 'rgb(1, 2, 3)');
    wrapper.style.setProperty('--mcp-color-bg', 'rgb(4, 5, 6)');
    document.body.append(wrapper);
    const { el } = await mount(REQUEST, undefined, wrapper);
    const submit = () => getComputedStyle(el.shadowRoot!.querySelector('[part~="accept-button"]')!).backgroundColor;
    expect(submit()).toBe('rgb(1, 2, 3)');
    expect(bg(el)).toBe('rgb(4, 5, 6)');
    el.style.setProperty('--mcp-elicit-form-accent', 'rgb(7, 8, 9)');
    expect(submit()).toBe('rgb(7, 8, 9)');
  });
});
