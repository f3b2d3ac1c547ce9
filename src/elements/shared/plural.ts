/**
 * The forms of one countable phrase by CLDR plural category (`Intl.PluralRules`):
 * English uses `one` and `other`; Arabic all six (`zero`, `one`, `two`, `few`,
 * `many`, `other`). `#` in a form stands for the count. `other` is required:
 * it is the form of any category a table leaves out.
 */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const rules = new Map<string, Intl.PluralRules>();

/**
 * The form of `forms` that `lang`'s plural rules pick for `count`, with `#`
 * replaced by the count (digits as written in the rest of the table).
 */
export function plural(lang: string, count: number, forms: PluralForms): string {
  let rule = rules.get(lang);
  if (!rule) rules.set(lang, (rule = new Intl.PluralRules(lang)));
  return (forms[rule.select(count)] ?? forms.other).replaceAll('#', String(count));
}
