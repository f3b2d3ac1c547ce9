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

/** Characters of one value drawn in a card: a 2 MB argument laid out whole took a task of 0.9 s (issue 36). */
export const VALUE_SHOWN_MAX = 4_000;

/** `text`, or its start and a note when it is longer than {@link VALUE_SHOWN_MAX}. */
function bounded(text: string, cut: ((shown: number, total: number) => string) | undefined): TemplateResult | string {
  if (text.length <= VALUE_SHOWN_MAX) return text;
  const note = cut ? cut(VALUE_SHOWN_MAX, text.length) : `… (${text.length} characters)`;
  return html`${text.slice(0, VALUE_SHOWN_MAX)}<span class="cut">${note}</span>`;
}

/** Values laid out as rows: at most this many names per object and items per list, two levels of nesting. */
const MAX_KEYS = 40;
const MAX_ITEMS = 50;
const MAX_DEPTH = 2;

/** True when `value` can be drawn as rows: plain values, lists of plain values, and objects or lists of objects up to {@link MAX_DEPTH} deep. */
function fitsRows(value: unknown, depth: number): boolean {
  if (isPrimitive(value)) return true;
  if (Array.isArray(value)) {
    if (value.every(isPrimitive)) return true;
    return depth < MAX_DEPTH && value.length <= MAX_ITEMS && value.every((v) => isRecord(v) && fitsRows(v, depth + 1));
  }
  return (
    isRecord(value) &&
    depth <= MAX_DEPTH &&
    Object.keys(value).length <= MAX_KEYS &&
    Object.values(value).every((v) => fitsRows(v, depth + 1))
  );
}

function rows(
  value: Record<string, unknown>,
  part: string | undefined,
  cut: ((shown: number, total: number) => string) | undefined,
): TemplateResult {
  return html`<dl part=${part ?? 'structured-item'} class="fields">
    ${Object.entries(value).map(([k, v]) => html`<div><dt>${k}</dt><dd>${cell(v, cut)}</dd></div>`)}
  </dl>`;
}

function cell(v: unknown, cut: ((shown: number, total: number) => string) | undefined): TemplateResult | string {
  if (isRecord(v)) return rows(v, undefined, cut);
  if (Array.isArray(v) && !v.every(isPrimitive))
    return html`<ol class="items">${v.map((item) => html`<li>${rows(item as Record<string, unknown>, undefined, cut)}</li>`)}</ol>`;
  return bounded(Array.isArray(v) ? v.join(', ') : String(v), cut);
}

/**
 * A value as a person reads it: an object as a list of "name: value" rows,
 * nested objects and lists of objects (a cart's items) as rows inside rows,
 * two levels deep; anything else (deeper, larger, not an object) as
 * formatted JSON. Every value is drawn as text.
 */
export function formatValue(value: unknown, part: string, none = 'None', cut?: (shown: number, total: number) => string): TemplateResult {
  if (isRecord(value) && fitsRows(value, 0)) {
    if (!Object.keys(value).length) return html`<p part=${part} class="none">${none}</p>`;
    return rows(value, part, cut);
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
