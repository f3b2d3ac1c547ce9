// The consent to an on-device model's download as the conversation shows it (its view, text and
// style sheet are the Settings panel's): loaded when a message first waits for a download
// (chunks.ts, `consentChunk`), not part of the chat's first load.
export { consentStyles, renderConsentReply } from './built-in-view.js';
