/**
 * Interface text of the shared renderers (`<mcp-markdown>`, `<mcp-content-block>`,
 * `<mcp-message>`, `<mcp-tool-card>`): code block copy buttons, the
 * enlarged image view and the tool-call card (its row, sections and buttons). Each of these elements has a `strings` property (a
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
  /** Tool-call row, the verb before the tool's name of a call not yet run ("Run Weather"). */
  toolRun: string;
  /** The verb before the name of a call that ran ("Ran Weather on Demo server"). */
  toolRan: string;
  /** The verb before the name of a call the person refused. */
  toolDidNotRun: string;
  /** After the tool's name: the server that offers it. */
  toolOnServer: (server: string) => string;
  /** Status of a call waiting its turn. */
  toolWaiting: string;
  /** Status of a call waiting for the person's approval. */
  toolNeedsApproval: string;
  /** Status of a running call. */
  toolRunning: string;
  /** Status of a call that answered. */
  toolDone: string;
  /** Status of a call whose result is an error. */
  toolFailed: string;
  /** Status of a call the person (or a timeout) stopped. */
  toolStopped: string;
  /** Status of a call the person refused. */
  toolDenied: string;
  /** Name of a card that holds a result without its call. */
  toolResultOnly: string;
  /** Heading of the call's arguments. */
  toolArguments: string;
  /** Heading of the call's result. */
  toolResult: string;
  /** Shown for an empty set of arguments or fields. */
  toolNone: string;
  /** After the start of a value too long to show whole (`shown` and `total` characters, as numbers in words of the language): Show JSON has it all. */
  toolValueCut: (shown: number, total: number) => string;
  /** The note over an error result. */
  toolReportedError: string;
  /** The note over a result marked untrusted (a page tool's `untrustedContentHint`). */
  toolUntrusted: string;
  /** The note over an answer whose request left the oldest messages out to fit the model's context window. */
  contextLeftOut: (count: number) => string;
  /** The summary of a skill a server wrote, loaded into the conversation. */
  skillFrom: (name: string, server: string) => string;
  /** The raw JSON toggle, closed. */
  /** The button under a text too long to draw at once: "Show all (2.0 MB)" (`size`: the whole text's size). */
  showAllText: (size: string) => string;
  showJson: string;
  /** The raw JSON toggle, open. */
  hideJson: string;
  /** The approval card's accessible name. */
  toolApproveQuestion: (tool: string) => string;
  /** The approval card's question, after the tool, its server and address. */
  toolWantsToRun: string;
  /** Approves one call. */
  approve: string;
  /** Approves this and later calls of the tool. */
  alwaysAllow: string;
  /** Refuses the call. */
  deny: string;
  /** Stops a running call (visible label). */
  stop: string;
  /** The Stop button's accessible name. */
  stopTool: (tool: string) => string;
  /** The progress bar's accessible name. */
  progressOf: (tool: string) => string;
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
  toolRun: 'Run',
  toolRan: 'Ran',
  toolDidNotRun: 'Did not run',
  toolOnServer: (server) => `on ${server}`,
  toolWaiting: 'Waiting',
  toolNeedsApproval: 'Needs your approval',
  toolRunning: 'Running…',
  toolDone: 'Done',
  toolFailed: 'Failed',
  toolStopped: 'Stopped',
  toolDenied: 'Denied',
  toolResultOnly: 'Tool result',
  toolArguments: 'Arguments',
  toolResult: 'Result',
  toolNone: 'None',
  toolValueCut: (shown, total) =>
    `… the first ${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} characters (Show JSON has all of it)`,
  toolReportedError: 'The tool reported an error.',
  toolUntrusted: 'Untrusted content: the page took it from elsewhere. The model was told to treat it as data, not instructions.',
  skillFrom: (name, server) => `Skill ${name} from ${server}, for the model (written by the server)`,
  contextLeftOut: (count) =>
    `To fit the model's context window, it did not see the ${count === 1 ? 'oldest message' : `${count} oldest messages`} of this conversation (they are still here).`,
  showAllText: (size) => `Show all (${size})`,
  showJson: 'Show JSON',
  hideJson: 'Hide JSON',
  toolApproveQuestion: (tool) => `Approve ${tool}?`,
  toolWantsToRun: 'wants to run. Allow it?',
  approve: 'Approve',
  alwaysAllow: 'Always allow',
  deny: 'Deny',
  stop: 'Stop',
  stopTool: (tool) => `Stop ${tool}`,
  progressOf: (tool) => `Progress of ${tool}`,
};

/** `strings` over English: what a renderer draws. */
export function contentStrings(strings: Partial<ContentStrings> | undefined): ContentStrings {
  return strings ? { ...CONTENT_STRINGS_EN, ...strings } : CONTENT_STRINGS_EN;
}
