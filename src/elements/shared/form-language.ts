// The loader of the form tables that are not in the first load. Kept apart
// from form-strings.ts so that the Arabic table (which imports the table's
// type) and the loader (which imports the table) form no import circle.
import { FORM_LANGUAGES, primaryLanguage, type FormStrings } from './form-strings.js';

/** Form tables shipped with the package but loaded when first needed, by primary language subtag. */
const LOADABLE: Readonly<Record<string, () => Promise<FormStrings>>> = {
  ar: () => import('./form-strings-ar.js').then((m) => m.FORM_STRINGS_AR),
};

const loading: Record<string, Promise<void>> = {};

/**
 * Undefined when the table of `lang` is there (or not shipped: the form is in
 * English); else a promise that settles once it is loaded (or could not be:
 * the form is then in English). The form elements wait for it before they
 * render, so a form in Arabic never shows English first.
 */
export function formLanguageReady(lang: string | undefined): Promise<void> | undefined {
  const key = primaryLanguage(lang);
  if (FORM_LANGUAGES[key] || !LOADABLE[key]) return undefined;
  return (loading[key] ??= LOADABLE[key]().then(
    (table) => {
      FORM_LANGUAGES[key] ??= table;
    },
    (error: unknown) => console.warn(`mcp-web-elements: the form text for "${key}" could not be loaded; showing English.`, error),
  ));
}
