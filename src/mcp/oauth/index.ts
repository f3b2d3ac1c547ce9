// OAuth for MCP servers that need sign-in, in the browser.
export { BrowserOAuthProvider, type BrowserOAuthProviderOptions } from './browser-oauth-provider.js';
export {
  handleOAuthCallback,
  OAUTH_CALLBACK_CHANNEL,
  OAUTH_CALLBACK_KEY,
  OAUTH_CALLBACK_MESSAGE,
  OAUTH_RETURN_KEY,
  type OAuthCallbackMessage,
  type OAuthCallbackOutcome,
  type OAuthReturnRecord,
} from './callback.js';
export { OAuthSignInError, OAuthSignInErrorKind } from './errors.js';
export { openBlankPopup, waitForCallback, type PopupFeatures, type WaitForCallbackOptions } from './popup.js';
export { IndexedDbOAuthStore, SessionStorageOAuthStore, type OAuthServerRecord, type OAuthStore } from './token-store.js';
