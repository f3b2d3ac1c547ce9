// The palette feature's leaf contract: what the palette, its view and its
// lazily loaded run form (run-form.chunk.ts) share. It imports nothing of the
// feature, so the chunk never imports the palette or its loader back.
import type { Prompt } from '@modelcontextprotocol/client';
import type { Message } from '../../../content/index.js';
import type { CSSResult, TemplateResult } from 'lit';
import type { McpConnection } from '../../../mcp/connection.js';
import type { McpSkill } from '../../../mcp/skills.js';
import type { FormField, fieldsFromPromptArguments, fieldsFromSchema } from '../../shared/schema-fields.js';
import type { ChatStrings } from '../strings.js';
import type { FormFieldError, readForm } from './run-form-fields.js';
import type { FilePicks } from '../../shared/file-field.js';

/** One entry of the "/" palette. */
export type PaletteItem =
  | { kind: 'tool'; name: string; title: string; description?: string; server?: string }
  | { kind: 'prompt'; name: string; title: string; description?: string; server?: string; prompt: Prompt; connection: McpConnection }
  /** A skill a server offers (the Skills extension): picked, it is loaded into the conversation as the server's (untrusted) text. */
  | { kind: 'skill'; name: string; title: string; description?: string; server?: string; skill: McpSkill; connection: McpConnection };

/** The Run / Insert form of the picked entry. */
export interface PaletteForm {
  item: PaletteItem;
  fields: FormField[];
  /** Server completions per field (prompt arguments). */
  completions: Record<string, string[]>;
  /** What does not fit, per field name (shown at the field). */
  errors?: Record<string, string>;
  /** The files picked in its file fields (SEP-2356). */
  files?: FilePicks;
}

/** Most entries the palette lists at once (the rest are counted; typing narrows the list). */
export const PALETTE_SHOWN = 50;

/**
 * Entries drawn in the frame that opens the list (more than its height shows:
 * about eight); the rest of the {@link PALETTE_SHOWN} follow in the next frame,
 * so the first "/" paints without building and styling fifty entries.
 */
export const PALETTE_FIRST_FRAME = 12;

/** The keys of the strings table the palette and its Run form draw. */
export type PaletteText = Pick<
  ChatStrings,
  | 'toolsAndPrompts'
  | 'noPaletteMatch'
  | 'runTool'
  | 'usePrompt'
  | 'destructive'
  | 'destructiveRest'
  | 'itsServer'
  | 'run'
  | 'insert'
  | 'cancel'
>;

/** What the palette's controls do. */
export interface PaletteActions {
  choose(item: PaletteItem): void;
  submit(form: HTMLFormElement): void;
  close(): void;
  complete(field: FormField, input: HTMLInputElement): void;
  /** True when the tool says it is destructive (`annotations.destructiveHint`). */
  destructive(toolName: string): boolean;
}

/** What the run form's chunk (run-form.chunk.ts) provides. */
export interface RunFormChunk {
  fieldsFromSchema: typeof fieldsFromSchema;
  fieldsFromPromptArguments: typeof fieldsFromPromptArguments;
  readForm: typeof readForm;
  FormFieldError: typeof FormFieldError;
  FilePicks: typeof FilePicks;
  renderRunForm(form: PaletteForm, actions: PaletteActions, t: PaletteText): TemplateResult;
  /** The form's look, added to the chat's shadow root before the first form is drawn. */
  runFormStyles: CSSResult;
  /** A prompt's server's completions of one argument (undefined: not a prompt's form, or its server completes nothing). */
  promptCompletions(form: PaletteForm, field: FormField, input: HTMLInputElement, signal: AbortSignal): Promise<string[]> | undefined;
  /** The messages of the form's prompt filled in with `args`. */
  promptMessages(form: PaletteForm, args: Record<string, unknown>): Promise<Message[]>;
}
