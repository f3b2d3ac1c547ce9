// The "/" palette's run form: its fields generated from a tool's inputSchema
// or a prompt's arguments, read back and checked. Loaded when "/" is first
// typed or an entry is first picked (palette/chat-palette.ts, loaded through chunks.ts).
export { fieldsFromPromptArguments, fieldsFromSchema } from '../../shared/schema-fields.js';
export { FormFieldError, readForm } from './run-form-fields.js';
export { renderRunForm } from './run-form.js';
export { runFormStyles } from './run-form.styles.js';
export { FilePicks } from '../../shared/file-field.js';
export { promptCompletions, promptMessages } from './run-form-prompt.js';
