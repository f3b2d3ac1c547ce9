/**
 * Interface text of the shared renderers (`<mcp-markdown>`, `<mcp-content-block>`,
 * `<mcp-message>`, `<mcp-tool-card>`): code block copy buttons and the
 * enlarged image view. Each of these elements has a `strings` property (a
 * partial object; English for the keys it leaves out) and passes it to the
 * renderers inside it; `<mcp-chat>` passes its own table (`ChatStrings`
 * includes these keys), so `lang` and the chat's `strings` reach them.
 */
export interface ContentStrings {
  /** A code block's copy button: its visible label. */
  copy: string;
  /** A code block's copy button: its accessible name and tooltip. */
  copyCode: string;
  /** Announced (live region) once the code is on the clipboard. */
  copied: string;
  /** The copy button's label for a moment after copying. */
  codeCopied: string;
  /** The copy button's label when the clipboard refused. */
  copyFailed: string;
  /** The button around an image that can be shown larger. */
  enlargeImage: string;
  /** The name of the enlarged image's dialog. */
  enlargedImage: string;
  /** The enlarged image's close button. */
  close: string;
}

/** English (the default). */
export const CONTENT_STRINGS_EN: ContentStrings = {
  copy: 'Copy',
  copyCode: 'Copy code',
  copied: 'Copied.',
  codeCopied: 'Copied',
  copyFailed: 'Copy failed',
  enlargeImage: 'Enlarge image',
  enlargedImage: 'Enlarged image',
  close: 'Close',
};

/** Arabic. */
export const CONTENT_STRINGS_AR: ContentStrings = {
  copy: 'نسخ',
  copyCode: 'نسخ الشيفرة',
  copied: 'تم النسخ.',
  codeCopied: 'تم النسخ',
  copyFailed: 'تعذّر النسخ',
  enlargeImage: 'تكبير الصورة',
  enlargedImage: 'الصورة مكبّرة',
  close: 'إغلاق',
};

/** `strings` over English: what a renderer draws. */
export function contentStrings(strings: Partial<ContentStrings> | undefined): ContentStrings {
  return strings ? { ...CONTENT_STRINGS_EN, ...strings } : CONTENT_STRINGS_EN;
}
