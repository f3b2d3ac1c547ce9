import { plural } from './plural.js';
import { closestAcross, languageOf, primaryLanguage } from './language.js';

export { languageOf, primaryLanguage } from './language.js';

/**
 * Interface text of the input-request forms: `<mcp-elicit-form>` (its
 * buttons, the URL consent view, validation messages, why a schema cannot be
 * shown), `<mcp-sampling-approval>` (the request, the answer, its checks) and
 * the messages of the generated tool-input fields (`schema-fields.ts`: the
 * chat's Run form and the sampling approval's hand-written tool call).
 *
 * Each element has a `strings` property (a partial object) over the table of
 * its language: `lang` on the element or an ancestor, found across shadow
 * roots, so inside `<mcp-chat lang="ar">` a form is in Arabic too. Tables other
 * than English are loaded when first needed (`formLanguageReady`,
 * form-language.ts). `ChatStrings` may carry the field keys (`FieldStrings`,
 * schema-fields.ts): the chat's Run form speaks with them, so a page's
 * `strings` on the chat reaches its messages.
 */
export interface FormStrings {
  // ── Fields generated from a tool's input schema (messages follow the field's label) ──
  /** A required field left empty. */
  fieldRequired: (label: string) => string;
  fieldNotNumber: (label: string) => string;
  fieldNotWhole: (label: string) => string;
  fieldAtLeast: (label: string, min: number) => string;
  fieldAtMost: (label: string, max: number) => string;
  fieldOneOf: (label: string, options: string) => string;
  fieldNotJson: (label: string) => string;
  /** Edited JSON that does not parse (`detail`: the parser's words). */
  jsonInvalid: (detail: string) => string;
  jsonNotObject: string;

  // ── <mcp-elicit-form> ──
  /** What was answered, once answered. */
  elicitSent: string;
  elicitDeclined: string;
  elicitCancelled: string;
  /** Who asks when the server is unnamed. */
  elicitAServer: string;
  /** After the server's name in the header ("Weather asks:"). */
  elicitAsks: string;
  elicitUnsupported: string;
  elicitDismiss: string;
  elicitUrlIntro: string;
  elicitOpensInTab: string;
  elicitComeBack: string;
  elicitNothingOpened: string;
  elicitCannotOpen: (reason: string) => string;
  elicitOpen: (host: string) => string;
  elicitOpenLink: string;
  elicitDone: string;
  elicitCancel: string;
  elicitSubmit: string;
  elicitDecline: string;
  elicitRequiredLegend: string;
  /** Under the fields while some are invalid. */
  elicitNeedAttention: (count: number) => string;
  /** The empty choice of a required select, and of an optional one. */
  elicitChoose: string;
  elicitNoChoice: string;
  /** Validation messages. */
  elicitRequired: string;
  elicitEnterText: string;
  elicitEnterEmail: string;
  elicitEnterUrl: string;
  elicitEnterDate: string;
  elicitEnterDateTime: string;
  elicitMinLength: (count: number) => string;
  elicitMaxLength: (count: number) => string;
  elicitPattern: (pattern: string) => string;
  elicitEnterNumber: string;
  elicitEnterWhole: string;
  elicitMin: (min: number) => string;
  elicitMax: (max: number) => string;
  elicitChooseOption: string;
  elicitChooseOneOf: string;
  elicitChooseAmong: string;
  elicitMinItems: (count: number) => string;
  elicitMaxItems: (count: number) => string;
  /** A file field (SEP-2356 `x-mcp-file`): its button, before and after a file is picked, and the words beside it. */
  elicitChooseFile: string;
  elicitChooseAnother: string;
  elicitOrDrop: string;
  /** What the field takes: `kinds` (each accepted kind in words, none: any file) up to `limit` (a size in words). */
  elicitFileTakes: (kinds: string[], limit: string) => string;
  elicitRemoveFile: (name: string) => string;
  elicitReadingFile: (name: string) => string;
  /** A required file field with no file. */
  elicitChooseFileFirst: string;
  /** Refused before the file is read: a type the field does not take, a file over its size, a file the browser cannot read. */
  elicitFileNotAccepted: (name: string, kinds: string[]) => string;
  elicitFileTooLarge: (name: string, size: string, limit: string) => string;
  elicitFileUnreadable: (name: string) => string;
  /** Why a URL is not opened. */
  urlInvalid: string;
  urlScheme: (protocol: string) => string;
  urlInsecure: string;
  urlCredentials: string;
  /** Why a schema cannot be shown as a form (`name`: the property). */
  schemaNoObject: (name: string) => string;
  schemaRef: (name: string) => string;
  schemaBadOneOf: (name: string) => string;
  schemaFormat: (name: string, format: string, formats: string) => string;
  schemaBadPattern: (name: string) => string;
  schemaNoItems: (name: string) => string;
  schemaObjectItems: (name: string) => string;
  schemaNotChoices: (name: string) => string;
  schemaNested: (name: string) => string;
  schemaNoType: (name: string) => string;
  schemaType: (name: string, type: string) => string;
  schemaMissing: string;
  schemaNotObject: (type: string) => string;
  schemaDefs: string;

  // ── <mcp-sampling-approval> ──
  samplingTitle: string;
  /** After the title while the request is past its first step. */
  samplingPhase: (phase: 'running' | 'review' | 'compose') => string;
  /** After the server's name and address. */
  samplingAsks: string;
  samplingCount: (total: number) => string;
  /** Before the name of the tool call that caused the request. */
  samplingDuringCall: string;
  samplingForServer: string;
  samplingPolicy: (policy: 'ask' | 'auto' | 'never') => string;
  samplingMaxTokensInvalid: string;
  samplingTemperatureInvalid: string;
  samplingModelFailed: (reason: string) => string;
  samplingWhatAsked: (server: string) => string;
  samplingSystemPromptIs: (prompt: string) => string;
  samplingSystemPrompt: string;
  samplingUserMessage: string;
  samplingStructured: string;
  samplingModel: string;
  samplingProviderDefault: string;
  samplingNoModel: string;
  samplingMaxTokens: string;
  samplingTemperature: string;
  samplingModelDefault: string;
  samplingSoFar: string;
  samplingWaiting: string;
  samplingApprove: string;
  samplingWrite: string;
  samplingReject: string;
  samplingStop: string;
  samplingSend: string;
  samplingMessages: string;
  samplingRole: (role: string) => string;
  samplingToolsOffered: string;
  samplingToolChoice: (choice: string) => string;
  samplingInputSchema: string;
  samplingHints: string;
  samplingPriorities: string;
  samplingPriority: (kind: string, value: number) => string;
  samplingStopSequences: string;
  samplingIncludeContext: string;
  samplingNone: string;
  /** Content blocks (`mime`: the block's MIME type, as sent). */
  blockImage: (mime: string) => string;
  blockImageHidden: (mime: string) => string;
  blockAudio: (mime: string) => string;
  blockAudioHidden: (mime: string) => string;
  blockResourceLink: string;
  blockResource: string;
  blockBinary: (mime: string) => string;
  blockUnknownType: string;
  blockToolCall: string;
  blockInputOf: (tool: string) => string;
  blockToolError: string;
  blockToolResult: string;
  blockStructured: string;
  blockOther: (type: string) => string;
  /** The answer under review or being written. */
  answerInputInvalid: (tool: string, problem: string) => string;
  answerInputLacks: (tool: string, names: string) => string;
  answerEmpty: string;
  answerWriteFirst: string;
  answerPickTool: string;
  answerStructured: string;
  answerTitle: string;
  answerFrom: (model: string, stopReason: string) => string;
  answerNothing: string;
  answerText: (index: number) => string;
  answerParsed: string;
  answerStructuredJson: string;
  answerInputJson: (tool: string) => string;
  answerYours: string;
  answerWith: string;
  answerMode: (mode: 'text' | 'tool') => string;
  answerTool: string;
  answerJson: string;
}

/** English (the default). */
export const FORM_STRINGS_EN: FormStrings = {
  fieldRequired: (label) => `${label} is required`,
  fieldNotNumber: (label) => `${label} must be a number`,
  fieldNotWhole: (label) => `${label} must be a whole number`,
  fieldAtLeast: (label, min) => `${label} must be at least ${min}`,
  fieldAtMost: (label, max) => `${label} must be at most ${max}`,
  fieldOneOf: (label, options) => `${label} must be one of ${options}`,
  fieldNotJson: (label) => `${label} is not valid JSON`,
  jsonInvalid: (detail) => `not valid JSON: ${detail}`,
  jsonNotObject: 'the input must be a JSON object',

  elicitSent: 'Sent.',
  elicitDeclined: 'Declined.',
  elicitCancelled: 'Cancelled.',
  elicitAServer: 'A server',
  elicitAsks: 'asks:',
  elicitUnsupported: 'This request cannot be shown as a form, and the server has been told so:',
  elicitDismiss: 'Dismiss',
  elicitUrlIntro: 'The server asks you to open this page:',
  elicitOpensInTab: 'It opens in a new tab.',
  elicitComeBack: 'Come back here when you have finished there.',
  elicitNothingOpened: 'Nothing is opened until you choose Open.',
  elicitCannotOpen: (reason) => `This link cannot be opened: ${reason}`,
  elicitOpen: (host) => `Open ${host}`,
  elicitOpenLink: 'Open link',
  elicitDone: "I'm done",
  elicitCancel: 'Cancel',
  elicitSubmit: 'Submit',
  elicitDecline: 'Decline',
  elicitRequiredLegend: 'Fields marked * are required.',
  elicitNeedAttention: (n) =>
    plural('en', n, { one: '# field needs attention before you can submit.', other: '# fields need attention before you can submit.' }),
  elicitChoose: 'Choose…',
  elicitNoChoice: '(none)',
  elicitRequired: 'This field is required.',
  elicitEnterText: 'Enter text.',
  elicitEnterEmail: 'Enter an email address, like name@example.com.',
  elicitEnterUrl: 'Enter a full URL, like https://example.com.',
  elicitEnterDate: 'Enter a date.',
  elicitEnterDateTime: 'Enter a date and time.',
  elicitMinLength: (n) => plural('en', n, { one: 'Enter at least # character.', other: 'Enter at least # characters.' }),
  elicitMaxLength: (n) => plural('en', n, { one: 'Enter at most # character.', other: 'Enter at most # characters.' }),
  elicitPattern: (pattern) => `Enter a value in the expected format (${pattern}).`,
  elicitEnterNumber: 'Enter a number.',
  elicitEnterWhole: 'Enter a whole number.',
  elicitMin: (min) => `Enter ${min} or more.`,
  elicitMax: (max) => `Enter ${max} or less.`,
  elicitChooseOption: 'Choose an option.',
  elicitChooseOneOf: 'Choose one of the options.',
  elicitChooseAmong: 'Choose among the options.',
  elicitMinItems: (n) => plural('en', n, { one: 'Choose at least # option.', other: 'Choose at least # options.' }),
  elicitMaxItems: (n) => plural('en', n, { one: 'Choose at most # option.', other: 'Choose at most # options.' }),
  elicitChooseFile: 'Choose a file',
  elicitChooseAnother: 'Choose another file',
  elicitOrDrop: 'or drop it here',
  elicitFileTakes: (kinds, limit) => (kinds.length ? `Takes ${kinds.join(', ')}, up to ${limit}.` : `Any file up to ${limit}.`),
  elicitRemoveFile: (name) => `Remove ${name}`,
  elicitReadingFile: (name) => `Reading ${name}…`,
  elicitChooseFileFirst: 'Choose a file.',
  elicitFileNotAccepted: (name, kinds) => `${name} cannot be sent: this form takes ${kinds.join(', ')} only.`,
  elicitFileTooLarge: (name, size, limit) => `${name} is ${size}; this form takes files up to ${limit}.`,
  elicitFileUnreadable: (name) => `${name} could not be read. Choose it again, or another file.`,
  urlInvalid: 'This is not a valid web address.',
  urlScheme: (protocol) => `Only https: links can be opened; this one uses ${protocol}`,
  urlInsecure: 'This link is not secure (http:). Only https: links, or http: on localhost or 127.0.0.1, can be opened.',
  urlCredentials: 'This link carries a user name or password before the host, which can disguise where it really goes.',
  schemaNoObject: (name) => `"${name}" has no schema object.`,
  schemaRef: (name) => `"${name}" uses $ref, which elicitation forms do not support.`,
  schemaBadOneOf: (name) => `"${name}" has a oneOf that is not a list of { const, title } choices.`,
  schemaFormat: (name, format, formats) => `"${name}" has the string format "${format}", which is not one of ${formats}.`,
  schemaBadPattern: (name) => `"${name}" has a pattern that is not a valid regular expression.`,
  schemaNoItems: (name) => `"${name}" is an array without an items schema.`,
  schemaObjectItems: (name) => `"${name}" is an array of objects; only lists of choices are supported.`,
  schemaNotChoices: (name) => `"${name}" is an array that is not a list of choices (items need enum or anyOf of { const, title }).`,
  schemaNested: (name) => `"${name}" is a nested object; elicitation forms hold only flat fields.`,
  schemaNoType: (name) => `"${name}" has no type.`,
  schemaType: (name, type) => `"${name}" has the type ${type}, which elicitation forms do not support.`,
  schemaMissing: 'The request has no requestedSchema object.',
  schemaNotObject: (type) => `The requested schema has type ${type}; it must be "object".`,
  schemaDefs: 'The requested schema uses $ref or definitions, which elicitation forms do not support.',

  samplingTitle: 'Sampling request',
  samplingPhase: (phase) => ({ running: 'running the model', review: 'review the answer', compose: 'write the answer' })[phase],
  samplingAsks: 'asks to run a language model.',
  samplingCount: (total) => `Request 1 of ${total}`,
  samplingDuringCall: 'Asked during the tool call',
  samplingForServer: 'For this server:',
  samplingPolicy: (policy) => ({ ask: 'Ask every time', auto: 'Approve automatically', never: 'Never allow' })[policy],
  samplingMaxTokensInvalid: 'Max tokens must be a whole number of at least 1.',
  samplingTemperatureInvalid: 'Temperature must be a number.',
  samplingModelFailed: (reason) => `The model failed: ${reason}`,
  samplingWhatAsked: (server) => `What ${server} asked`,
  samplingSystemPromptIs: (prompt) => `System prompt: ${prompt}`,
  samplingSystemPrompt: 'System prompt',
  samplingUserMessage: 'User message (editable)',
  samplingStructured: 'The server wants structured output: the answer must be a JSON object following this schema.',
  samplingModel: 'Model',
  samplingProviderDefault: 'provider default',
  samplingNoModel: 'no model configured',
  samplingMaxTokens: 'Max tokens',
  samplingTemperature: 'Temperature',
  samplingModelDefault: 'model default',
  samplingSoFar: 'Model answer so far',
  samplingWaiting: 'Waiting for the model…',
  samplingApprove: 'Approve',
  samplingWrite: 'Write the answer myself',
  samplingReject: 'Reject',
  samplingStop: 'Stop',
  samplingSend: 'Send',
  samplingMessages: 'Messages',
  samplingRole: (role) => (role === 'user' ? 'User' : 'Assistant'),
  samplingToolsOffered: 'Tools offered to the model',
  samplingToolChoice: (choice) => `(tool choice: ${choice})`,
  samplingInputSchema: 'Input schema',
  samplingHints: 'Model hints',
  samplingPriorities: 'Priorities',
  samplingPriority: (kind, value) => `${kind} ${value}`,
  samplingStopSequences: 'Stop sequences',
  samplingIncludeContext: 'Include context',
  samplingNone: 'none',
  blockImage: (mime) => `Image (${mime})`,
  blockImageHidden: (mime) => `An image of type ${mime} (not shown)`,
  blockAudio: (mime) => `Audio (${mime})`,
  blockAudioHidden: (mime) => `Audio of type ${mime} (not played)`,
  blockResourceLink: 'Resource link',
  blockResource: 'Embedded resource',
  blockBinary: (mime) => `Binary content (${mime})`,
  blockUnknownType: 'unknown type',
  blockToolCall: 'Tool call',
  blockInputOf: (tool) => `Input of ${tool}`,
  blockToolError: 'Tool error',
  blockToolResult: 'Tool result',
  blockStructured: 'Structured content',
  blockOther: (type) => `A block of type ${type}`,
  answerInputInvalid: (tool, problem) => `The input of ${tool} is ${problem}.`,
  answerInputLacks: (tool, names) => `The input of ${tool} lacks ${names}.`,
  answerEmpty: 'The answer is empty: write one by hand or reject.',
  answerWriteFirst: 'Write the answer first.',
  answerPickTool: 'Pick one of the offered tools.',
  answerStructured: 'Structured answer',
  answerTitle: 'Answer',
  answerFrom: (model, stopReason) => `from ${model}${stopReason ? ` (${stopReason})` : ''}`,
  answerNothing: 'The model returned nothing.',
  answerText: (index) => (index ? `Answer text ${index}` : 'Answer text'),
  answerParsed: 'The parsed object:',
  answerStructuredJson: 'Structured output (JSON)',
  answerInputJson: (tool) => `Input of ${tool} (JSON)`,
  answerYours: 'Your answer',
  answerWith: 'Answer with',
  answerMode: (mode) => (mode === 'text' ? 'Text' : 'A tool call'),
  answerTool: 'Tool',
  answerJson: 'Input (JSON)',
};

/**
 * Form tables by primary language subtag: English, and the others once loaded
 * (`formLanguageReady`, form-language.ts).
 */
export const FORM_LANGUAGES: Record<string, FormStrings> = { en: FORM_STRINGS_EN };

/** The table for `lang` (English when not shipped or not loaded yet) with `overrides` on top. */
export function formStrings(lang: string | undefined, overrides?: Partial<FormStrings>): FormStrings {
  const base = FORM_LANGUAGES[primaryLanguage(lang)] ?? FORM_STRINGS_EN;
  return overrides ? { ...base, ...overrides } : base;
}

const RTL = new Set(['ar', 'he', 'fa', 'ur']);

/**
 * `rtl` when the element's language is written right to left and no element
 * above sets `dir` (a standalone form in Arabic lays itself out right to left);
 * else undefined (the direction is inherited).
 */
export function ownDirection(element: Element): 'rtl' | undefined {
  return RTL.has(primaryLanguage(languageOf(element))) && !closestAcross(element, 'dir') ? 'rtl' : undefined;
}
