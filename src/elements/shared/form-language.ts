// The loader of the form tables that are not in the first load. Kept apart
// from form-strings.ts so that the Arabic table (which imports the table's
// type) and the loader (which imports the table) form no import circle.
import type { LitElement } from 'lit';
import { FORM_LANGUAGES, formStrings, languageOf, primaryLanguage, type FormStrings } from './form-strings.js';

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

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Constructor<T> = new (...args: any[]) => T;

/** What `FormLanguage` adds to an element (the class form of Lit's mixin pattern, so `t` can stay protected). */
export declare class FormLanguageElement {
  /** The interface text in use: the table of the language, with `strings` on top (the same object while both stay). */
  protected get t(): FormStrings;
}

/**
 * The language handling the form elements share: `lang` (on the element or an
 * ancestor) picks the base table, `strings` goes on top, a change of the
 * element's own `lang` re-renders, and a table loaded when first used
 * (Arabic) is waited for before the first render, so a form never shows
 * English first. The element declares `strings` as its own property.
 */
export function FormLanguage<B extends Constructor<LitElement> & Pick<typeof LitElement, 'observedAttributes'>>(Base: B) {
  class WithFormLanguage extends Base {
    #textMemo?: { lang: string | undefined; strings: Partial<FormStrings> | undefined; value: FormStrings };

    static override get observedAttributes(): string[] {
      return [...super.observedAttributes, 'lang'];
    }

    override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
      super.attributeChangedCallback(name, old, value);
      if (name === 'lang') this.requestUpdate();
    }

    /** The element's own `strings` property (declared by the element, with its own JSDoc). */
    get #strings(): Partial<FormStrings> | undefined {
      return (this as { strings?: Partial<FormStrings> }).strings;
    }

    protected get t(): FormStrings {
      const lang = languageOf(this);
      const memo = this.#textMemo;
      if (memo && memo.lang === lang && memo.strings === this.#strings) return memo.value;
      const strings = this.#strings;
      return (this.#textMemo = { lang, strings, value: formStrings(lang, strings) }).value;
    }

    protected override scheduleUpdate(): void | Promise<unknown> {
      const ready = formLanguageReady(languageOf(this));
      return ready ? ready.then(() => super.scheduleUpdate()) : super.scheduleUpdate();
    }
  }
  return WithFormLanguage as unknown as Constructor<FormLanguageElement> & B;
}
