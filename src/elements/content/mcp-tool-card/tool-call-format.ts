import { html, type TemplateResult } from 'lit';
import type { MessageBlock } from '../../../content/index.js';

/** Pretty JSON, or the value as text when it cannot be serialised. */
export function json(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? 'undefined';
  } catch {
    return String(value);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isPrimitive = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

/**
 * A value as a person reads it: an object of plain values as a list of
 * "name: value" rows (nested objects one level deep as rows too), anything
 * else as formatted JSON.
 */
/** Characters of one value drawn in a card: a 2 MB argument laid out whole took a task of 0.9 s (issue 36). */
export const VALUE_SHOWN_MAX = 4_000;

/** `text`, or its start and a note when it is longer than {@link VALUE_SHOWN_MAX}. */
function bounded(text: string, cut: ((shown: number, total: number) => string) | undefined): TemplateResult | string {
  if (text.length <= VALUE_SHOWN_MAX) return text;
  const note = cut ? cut(VALUE_SHOWN_MAX, text.length) : `… (${text.length} characters)`;
  return html`${text.slice(0, VALUE_SHOWN_MAX)}<span class="cut">${note}</span>`;
}

export function formatValue(value: unknown, part: string, none = 'None', cut?: (shown: number, total: number) => string): TemplateResult {
  if (
    isRecord(value) &&
    Object.keys(value).length <= 40 &&
    Object.values(value).every((v) => isPrimitive(v) || (Array.isArray(v) && v.every(isPrimitive)))
  ) {
    const entries = Object.entries(value);
    if (!entries.length) return html`<p part=${part} class="none">${none}</p>`;
    return html`<dl part=${part} class="fields">
      ${entries.map(([k, v]) => html`<div><dt>${k}</dt><dd>${bounded(Array.isArray(v) ? v.join(', ') : String(v), cut)}</dd></div>`)}
    </dl>`;
  }
  return html`<pre part=${part}>${bounded(json(value), cut)}</pre>`;
}

/** True when `block` is text holding exactly `value` as JSON (servers often send structured content twice). */
export function repeatsValue(block: MessageBlock, value: unknown): boolean {
  if (block.type !== 'text' || value === undefined) return false;
  const text = block.text.trim();
  if (!text.startsWith('{') && !text.startsWith('[')) return false;
  try {
    return JSON.stringify(JSON.parse(text)) === JSON.stringify(value);
  } catch {
    return false;
  }
}
