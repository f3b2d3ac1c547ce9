/** Why a browser sign-in did not complete. Compare `error.kind`, not class names (minified in bundles). */
export const OAuthSignInErrorKind = {
  /** The callback's `state` is not the one this flow sent: the response was dropped, the code not redeemed. */
  StateMismatch: 'state_mismatch',
  /** The authorization server answered with an `error` (e.g. `access_denied`). */
  AuthorizationDenied: 'authorization_denied',
  /** The callback carried neither `code` nor `error`. */
  InvalidResponse: 'invalid_response',
  /** The sign-in was aborted through its AbortSignal. */
  Cancelled: 'cancelled',
  /** No callback arrived in time. */
  Timeout: 'timeout',
  /** The code was exchanged but the server still does not accept the client. */
  NotAuthorized: 'not_authorized',
  /** A step-up kept asking for more scope than the authorization server grants. */
  StepUpLimit: 'step_up_limit',
} as const;

/** One of {@link OAuthSignInErrorKind}. */
export type OAuthSignInErrorKind = (typeof OAuthSignInErrorKind)[keyof typeof OAuthSignInErrorKind];

/**
 * A browser sign-in failed or was refused. The message is written for the
 * person; it never includes text from the authorization server's
 * `error_description` (attacker-controlled in a mix-up attack).
 */
export class OAuthSignInError extends Error {
  override name = 'OAuthSignInError';
  constructor(
    readonly kind: OAuthSignInErrorKind,
    message: string,
    /** The OAuth `error` value from the callback, when the server sent one. */
    readonly oauthError?: string,
  ) {
    super(message);
  }
}
