// Issue 21 item 5: the input-request forms and the palette's Run form draw no
// English of their own: every word in their Lit templates comes from a strings
// table. This reads the templates (TypeScript's syntax tree) and fails on words
// written into their static text or into a named attribute a person hears.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';

const FILES = [
  ...['src/elements/mcp-elicit-form', 'src/elements/mcp-sampling-approval'].flatMap((dir) =>
    readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.styles.ts'))
      .map((f) => join(dir, f)),
  ),
  'src/elements/mcp-chat/palette/run-form.ts',
  'src/elements/mcp-chat/palette/run-form-fields.ts',
  'src/elements/mcp-chat/palette/palette.ts',
];

/** Words that read the same in every language (a format's name). */
const SAME_IN_EVERY_LANGUAGE = new Set(['JSON']);

/** The words a person would read or hear in the static parts of each `html` template of `file`. */
function templateWords(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText() === 'html') {
      const t = node.template;
      const parts = ts.isNoSubstitutionTemplateLiteral(t) ? [t.text] : [t.head.text, ...t.templateSpans.map((s) => s.literal.text)];
      const joined = parts.join('\u0000');
      // Attributes a person hears, written as plain text.
      for (const m of joined.matchAll(/\b(aria-label|placeholder|title|alt)="([^"\u0000]*)"/g))
        found.push(...(m[2]!.match(/[A-Za-z]{3,}/g) ?? []));
      // Text between tags.
      const text = joined.replace(/<[^>]*>/g, ' ');
      found.push(...(text.match(/[A-Za-z]{3,}/g) ?? []));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((w) => !SAME_IN_EVERY_LANGUAGE.has(w)).map((w) => `${file}: ${w}`);
}

test('the forms and the Run form write no words of their own into their templates', () => {
  expect(FILES.length).toBeGreaterThan(10);
  expect(FILES.flatMap(templateWords)).toEqual([]);
});
