// The owner's limits on attached files (`accept`, `file-size-limits`, `max-files`), parsed and checked.
// Pure and small: the composer checks each file before any byte of it is read.
import { fileFits as fits } from '../../shared/file-input.js';
import { FILE_WORDS_EN, type FileWords } from '../../shared/file-words.js';

// A file's type and whether a pattern takes it: one reading (shared/file-input.ts) for the composer, tool arguments and forms.
export { fileType as typeOf, fileFits as fits } from '../../shared/file-input.js';

/** One size rule: files matching `pattern` (a MIME type, `type/*`, `.ext` or `*`) may be up to `bytes`. */
export interface SizeRule {
  pattern: string;
  bytes: number;
}

/** Default largest file when the owner sets no size for its type (25 MB). */
export const DEFAULT_MAX_BYTES = 25 * 1024 * 1024;
/** Default most files on one message. */
export const DEFAULT_MAX_FILES = 10;

const UNITS: Record<string, number> = { b: 1, kb: 1024, k: 1024, mb: 1024 ** 2, m: 1024 ** 2, gb: 1024 ** 3, g: 1024 ** 3 };

/** "10MB" / "512 KB" / "2048" (bytes) -> bytes; undefined when it is not a size. */
export function parseSize(text: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  if (!m) return undefined;
  const unit = UNITS[(m[2] || 'b').toLowerCase()];
  return unit === undefined ? undefined : Math.round(Number(m[1]) * unit);
}

/**
 * `file-size-limits`: "application/pdf 10MB, image/* 5MB, * 20MB" (a rule per type; the first that fits a file
 * counts; `*` or a lone size is every other file). Entries that cannot be read are left out.
 */
export function parseSizeRules(text: string | undefined): SizeRule[] {
  if (!text) return [];
  const rules: SizeRule[] = [];
  for (const entry of text.split(',')) {
    const parts = entry.trim().split(/\s+/);
    if (!parts[0]) continue;
    const size = parts.length === 1 ? parseSize(parts[0]) : parseSize(parts.slice(1).join(''));
    if (size === undefined) continue;
    rules.push({ pattern: parts.length === 1 ? '*' : parts[0].toLowerCase(), bytes: size });
  }
  return rules;
}

/** The owner's limits, read from the element's attributes. */
export interface FileLimits {
  accept?: string;
  sizes?: string;
  maxFiles?: number;
}

/**
 * Why `file` may not be attached, in words, or undefined when it may. `count` is how many files are already
 * attached (this one not counted).
 */
export function refusal(
  file: { name: string; type: string; size: number },
  count: number,
  limits: FileLimits,
  words: FileWords = FILE_WORDS_EN,
): string | undefined {
  const max = limits.maxFiles ?? DEFAULT_MAX_FILES;
  if (count >= max) return words.tooMany(file.name, max);
  const accept = limits.accept?.split(',').filter((p) => p.trim());
  if (accept?.length && !accept.some((p) => fits(p, file)))
    return words.notAccepted(
      file.name,
      accept.map((p) => words.kind(p)),
    );
  const rules = parseSizeRules(limits.sizes);
  const rule = rules.find((r) => fits(r.pattern, file)) ?? { pattern: '*', bytes: DEFAULT_MAX_BYTES };
  if (file.size > rule.bytes) return words.tooLarge(file.name, words.size(file.size), words.kind(rule.pattern), words.size(rule.bytes));
  return undefined;
}
