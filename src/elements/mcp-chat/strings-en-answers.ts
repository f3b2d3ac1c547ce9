// The English text only code loaded with or after a conversation's first answer, or with `publish-tools`,
// reads (the keys of `AnswerEnglishKey`: the model's turn, an answer's feedback and sources, app views, the
// run form, file chips, a sampling request, the on-device model's consent, browser agents' calls), added to
// the chat's English table when this module is evaluated: imported by that code (its chunks in the
// single-file bundle) and by the package's index, so it is not in the chat's first load and is there before
// any code that reads it runs. Listed in package.json's `sideEffects` for that reason.
import { addLaterEnglish, type AnswerEnglishKey, type ChatStrings } from './strings.js';

/** The English text of the keys of `AnswerEnglishKey`. */
export const CHAT_STRINGS_EN_ANSWERS: Pick<ChatStrings, AnswerEnglishKey> = {
  downloadModel: (size) => (size ? `Download ${size}` : 'Download'),
  newTab: '(opens in a new tab)',
  feedbackQuestion: 'Was this answer helpful?',
  feedbackUp: 'Helpful',
  feedbackDown: 'Not helpful',
  feedbackComment: 'Anything to add? (optional)',
  feedbackSend: 'Send',
  feedbackSkip: 'Skip',
  feedbackThanks: 'Thanks for your feedback.',
  feedbackNotSent: (reason) => `Your feedback could not be sent to the site: ${reason}`,
  usePrompt: (title) => `Use prompt: ${title}`,
  destructiveRest: (server) => ` on ${server}. It runs as soon as you press Run.`,
  itsServer: 'its server',
  insert: 'Insert',
  attachedImage: 'Attached image',
  appWantsToSend: (app) => `${app} wants to send this message for you:`,
  appSend: 'Send',
  appDontSend: "Don't send",
  appAskCount: (n, app) => `${n} requests from ${app}`,
  appAllowAllFromView: 'Allow all from this view for now',
  appCallTitle: (tool, app) => `${tool}, asked by ${app}`,
  appToolServer: (app) => `${app} view`,
  appStateNotSaved: (reason) =>
    `What an app view shows could not be saved with the conversation (${reason}): after a reload it may start over.`,
  appMessageNoModel: (app) =>
    `The message of ${app} was added to the conversation. No model is set up to answer it: choose a model in Settings, then send a message.`,
  assistantSaid: (text) => `Assistant: ${text}`,
  contextTrimmed: (count) =>
    `To fit the model's context, ${count === 1 ? '1 earlier message was' : `${count} earlier messages were`} not sent (the conversation keeps them).`,
  needsApproval: (tool) => `${tool} needs your approval.`,
  fetchingResult: (tool) => `Fetching the result of ${tool}.`,
  samplingFailed: (server, reason) => `A sampling request from ${server} failed: ${reason}`,
  agentRan: (title) => `A browser agent ran ${title}`,
  agentAsks: (title) => `A browser agent wants to run ${title}`,
  agentCallRefusedByPolicy: "This page's rules do not allow this tool call.",
  agentCallRefusedClosed:
    'This tool changes things and needs the person to allow it, but the chat is closed, so nobody was asked and it did not run.',
};

addLaterEnglish(CHAT_STRINGS_EN_ANSWERS);
