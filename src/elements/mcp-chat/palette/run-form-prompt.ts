// What the run form of a prompt does beyond its fields (in the run form's chunk, not in the chat's first load):
// asks the prompt's server to complete an argument, and gets the filled-in prompt's messages.
import type { Message } from '../../../content/index.js';
import type { FormField } from '../../shared/schema-fields.js';
import type { PaletteForm } from './contract.js';

/**
 * The server's completions of prompt argument `field` as typed in `input` (the form's other filled-in
 * arguments as context), or undefined when the form is not a prompt's or its server completes nothing.
 */
export function promptCompletions(
  form: PaletteForm,
  field: FormField,
  input: HTMLInputElement,
  signal: AbortSignal,
): Promise<string[]> | undefined {
  if (form.item.kind !== 'prompt') return undefined;
  const { prompt, connection } = form.item;
  if (!connection.capabilities?.completions) return undefined;
  const formEl = input.closest('form')!;
  const context: Record<string, string> = {};
  for (const f of form.fields) {
    const other = formEl.elements.namedItem(f.name) as HTMLInputElement | null;
    if (other && f.name !== field.name && other.value) context[f.name] = other.value;
  }
  return connection
    .complete(
      {
        ref: { type: 'ref/prompt', name: prompt.name },
        argument: { name: field.name, value: input.value },
        context: { arguments: context },
      },
      { signal },
    )
    .then((r) => r.completion.values);
}

/** The messages of the prompt of `form` filled in with `args`, as the conversation keeps them. */
export async function promptMessages(form: PaletteForm, args: Record<string, unknown>): Promise<Message[]> {
  if (form.item.kind !== 'prompt') return [];
  const result = await form.item.connection.getPrompt(form.item.prompt.name, args as Record<string, string>);
  return result.messages.map((m) => ({ role: m.role, content: Array.isArray(m.content) ? m.content : [m.content] }) as Message);
}
