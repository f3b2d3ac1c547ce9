// What files are called, in the languages the chat ships (English and Arabic):
// a type's short word on a chip or card ("PDF", "CSV"), a size ("32 MB"), a
// kind of file in a sentence ("PDFs", "CSV files"), the file card's buttons,
// and why a file was refused. Imported only by code loaded when a file is
// first attached or shown (the files chunk, the content block), never by the
// first load. Other languages get English.
import { primaryLanguage } from './language.js';

export interface FileWords {
  /** A MIME type's short word on a chip or card: "PDF", "CSV", "Text". */
  type(mime: string): string;
  /** "32 MB", "850 KB", "12 bytes". */
  size(bytes: number): string;
  /** A chip's or card's line: the type's word and the size ("PDF · 3 KB"), each kept whole in a right-to-left line. */
  facts(mime: string, bytes?: number): string;
  /** A kind of file in a sentence, from an `accept` or size pattern: "PDFs", "CSV files", "images". */
  kind(pattern: string): string;
  /** The list of attached files (its accessible name). */
  attachments: string;
  /** While files are read: "Reading file…", "Reading 3 files…". */
  reading(count: number): string;
  /** A file over the count limit. */
  tooMany(name: string, max: number): string;
  /** A file of a type the chat does not take (`kinds`: each accepted kind, from {@link FileWords.kind}). */
  notAccepted(name: string, kinds: string[]): string;
  /** A file over its size limit. */
  tooLarge(name: string, size: string, kind: string, limit: string): string;
  /** A file the browser could not read. */
  unreadable(name: string, why: string): string;
  /** The file card's preview toggle. */
  preview: string;
  /** The file card's download button (visible label). */
  download: string;
  /** Its accessible name. */
  downloadNamed(name: string): string;
  /** Under a CSV preview cut short. */
  firstRows(shown: number, total: number): string;
}

const SUBTYPE_WORDS: Record<string, string> = {
  'vnd.ms-excel': 'XLS',
  plain: 'Text',
  markdown: 'Markdown',
  'octet-stream': 'File',
  mpeg: 'MP3',
};

function subtypeWord(mime: string, words: Record<string, string>): string {
  const sub = mime.split('/')[1]?.split(/[;+]/)[0] ?? mime;
  return words[sub] ?? sub.replace(/^x-/, '').toUpperCase();
}

function sizeIn(bytes: number, mb: string, kb: string, byteWords: (n: number) => string): string {
  if (bytes >= 1024 ** 2) return `${Number((bytes / 1024 ** 2).toFixed(bytes >= 10 * 1024 ** 2 ? 0 : 1))} ${mb}`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} ${kb}`;
  return byteWords(bytes);
}

/** The pattern's key in a kinds table: MIME types and extensions lower case, `.pdf` as `application/pdf`. */
function kindKey(pattern: string): string {
  const p = pattern.trim().toLowerCase();
  const ext: Record<string, string> = { '.pdf': 'application/pdf', '.csv': 'text/csv' };
  return ext[p] ?? (p === '*/*' ? '*' : p);
}

const KINDS_EN: Record<string, string> = {
  'application/pdf': 'PDFs',
  'text/csv': 'CSV files',
  'image/*': 'images',
  'audio/*': 'audio files',
  'text/*': 'text files',
  'text/plain': 'text files',
  'video/*': 'videos',
  '*': 'files',
};

const KINDS_AR: Record<string, string> = {
  'application/pdf': 'ملفات PDF',
  'text/csv': 'ملفات CSV',
  'image/*': 'الصور',
  'audio/*': 'الملفات الصوتية',
  'text/*': 'الملفات النصية',
  'text/plain': 'الملفات النصية',
  'video/*': 'مقاطع الفيديو',
  '*': 'الملفات',
};

/** A name in another script kept whole in an Arabic sentence (Unicode first-strong isolate): "32 MB" stays after it. */
const isolate = (name: string) => `\u2068${name}\u2069`;

/** "ملفًا واحدًا", "ملفين", "3 ملفات", "11 ملفًا": Arabic counts of files. */
const arabicFiles = (n: number) => (n === 1 ? 'ملفًا واحدًا' : n === 2 ? 'ملفين' : n <= 10 ? `${n} ملفات` : `${n} ملفًا`);

const otherKind = (pattern: string) => (pattern.startsWith('.') ? pattern.slice(1).toUpperCase() : pattern);

export const FILE_WORDS_EN: FileWords = {
  type: (mime) => subtypeWord(mime, SUBTYPE_WORDS),
  size: (bytes) => sizeIn(bytes, 'MB', 'KB', (n) => `${n} byte${n === 1 ? '' : 's'}`),
  facts: (mime, bytes) => [FILE_WORDS_EN.type(mime), bytes === undefined ? '' : FILE_WORDS_EN.size(bytes)].filter(Boolean).join(' · '),
  kind: (pattern) => KINDS_EN[kindKey(pattern)] ?? `${otherKind(pattern.trim())} files`,
  attachments: 'Attachments',
  reading: (count) => (count === 1 ? 'Reading file…' : `Reading ${count} files…`),
  tooMany: (name, max) => `${name} was not attached: this chat takes up to ${max} file${max === 1 ? '' : 's'} per message.`,
  notAccepted: (name, kinds) => `${name} was not attached: this chat takes ${kinds.join(', ')} only.`,
  tooLarge: (name, size, kind, limit) => `${name} is ${size}; this chat takes ${kind} up to ${limit}.`,
  unreadable: (name, why) => `${name} could not be read (${why || 'the browser refused'}).`,
  preview: 'Preview',
  download: 'Download',
  downloadNamed: (name) => `Download ${name}`,
  firstRows: (shown, total) => `First ${shown} of ${total} rows.`,
};

export const FILE_WORDS_AR: FileWords = {
  type: (mime) => subtypeWord(mime, { ...SUBTYPE_WORDS, plain: 'نص', 'octet-stream': 'ملف' }),
  size: (bytes) => sizeIn(bytes, 'ميغابايت', 'كيلوبايت', (n) => `${n} بايت`),
  facts: (mime, bytes) =>
    [FILE_WORDS_AR.type(mime), bytes === undefined ? '' : FILE_WORDS_AR.size(bytes)].filter(Boolean).map(isolate).join(' · '),
  kind: (pattern) => KINDS_AR[kindKey(pattern)] ?? `ملفات ${otherKind(pattern.trim())}`,
  attachments: 'المرفقات',
  reading: (count) => (count === 1 ? 'جارٍ قراءة الملف…' : `جارٍ قراءة ${arabicFiles(count)}…`),
  tooMany: (name, max) => `لم يُرفق ${isolate(name)}: تقبل هذه المحادثة ${arabicFiles(max)} على الأكثر في الرسالة الواحدة.`,
  notAccepted: (name, kinds) => `لم يُرفق ${isolate(name)}: تقبل هذه المحادثة ${kinds.join('، ')} فقط.`,
  tooLarge: (name, size, kind, limit) => `حجم ${isolate(name)} ${size}؛ تقبل هذه المحادثة ${kind} حتى ${limit}.`,
  unreadable: (name, why) => `تعذّرت قراءة ${isolate(name)} (${why || 'رفض المتصفح'}).`,
  preview: 'معاينة',
  download: 'تنزيل',
  downloadNamed: (name) => `تنزيل ${isolate(name)}`,
  firstRows: (shown, total) => `أول ${shown} من ${total} صفًا.`,
};

/** The words for `lang` (English for a language not shipped). */
export function fileWords(lang: string | undefined): FileWords {
  return primaryLanguage(lang) === 'ar' ? FILE_WORDS_AR : FILE_WORDS_EN;
}
