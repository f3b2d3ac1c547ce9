/**
 * Characters that change how text looks without being seen: bidirectional
 * controls (a right-to-left override can make `evil.exe` read as `exe.live`),
 * zero-width characters (two names that look the same but differ), and other
 * control and format characters.
 */
const HIDDEN =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u061C\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF9-\uFFFB]/gu;

/**
 * `text` with every invisible or direction-changing character shown as
 * `⟨U+XXXX⟩`, for wherever a person decides something on the strength of a
 * name a server chose (an approval prompt). Pure.
 */
export function revealHidden(text: string): string {
  return text.replace(HIDDEN, (c) => `⟨U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`);
}

/** Whether `text` holds a character {@link revealHidden} would show. */
export function hasHidden(text: string): boolean {
  HIDDEN.lastIndex = 0;
  const found = HIDDEN.test(text);
  HIDDEN.lastIndex = 0;
  return found;
}
