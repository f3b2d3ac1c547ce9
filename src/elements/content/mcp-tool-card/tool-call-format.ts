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
export function formatValue(value: unknown, part: string, none = 'None'): TemplateResult {
  if (
    isRecord(value) &&
    Object.keys(value).length <= 40 &&
    Object.values(value).every((v) => isPrimitive(v) || (Array.isArray(v) && v.every(isPrimitive)))
  ) {
    const entries = Object.entries(value);
    if (!entries.length) return html`<p part=${part} class="none">${none}</p>`;
    return html`<dl part=${part} class="fields">
      ${entries.map(([k, v]) => html`<div><dt>${k}</dt><dd>${Array.isArray(v) ? v.join(', ') : String(v)}</dd></div>`)}
    </dl>`;
  }
  return html`<pre part=${part}>${json(value)}</pre>`;
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
