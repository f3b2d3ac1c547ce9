import type { OAuthClientProvider } from '@modelcontextprotocol/client';
import type { ChatStrings } from '../strings.js';
import type { McpConnection, McpConnectionConfig } from '../../../mcp/connection.js';
import type { BrowserOAuthProvider, BrowserOAuthProviderOptions } from '../../../mcp/oauth/browser-oauth-provider.js';
import { errorInWords } from '../error-words.js';

/**
 * Sign-in settings of a server given to `<mcp-chat>` as an object: the chat
 * makes a `BrowserOAuthProvider` for the server from them (popup sign-in, the
 * page's callback page at `redirectUrl`).
 */
export interface ChatServerAuth {
  /** The page's OAuth callback page (runs `handleOAuthCallback()`); relative URLs resolve against the page. */
  redirectUrl: string;
  /** A client id registered beforehand (no dynamic registration). */
  clientId?: string;
  /** Client identity by Client ID Metadata Document (an https URL the site hosts). */
  clientMetadataUrl?: string;
  /** Where tokens are kept: `'session'` (default, this tab), `'indexeddb'`, or a store of your own. */
  storage?: BrowserOAuthProviderOptions['storage'];
  /** Name shown on the authorization server's consent page (default: the page title). */
  clientName?: string;
}

/**
 * A server as an object: the connection settings, plus `auth`, either
 * {@link ChatServerAuth} (the chat makes the `BrowserOAuthProvider`) or a
 * provider instance of your own (any `OAuthClientProvider`; one with
 * `signIn()` gets the chat's "Sign in" button).
 */
export interface ChatServerConfig extends McpConnectionConfig {
  auth?: ChatServerAuth | OAuthClientProvider;
}

const isProvider = (auth: ChatServerAuth | OAuthClientProvider): auth is OAuthClientProvider =>
  typeof (auth as OAuthClientProvider).tokens === 'function';

/** Whether the chat must make a `BrowserOAuthProvider` for this server (sign-in settings given as an object). */
export function needsBrowserOAuth(server: ChatServerConfig): boolean {
  return Boolean(server.auth && !server.authProvider && !isProvider(server.auth));
}

/**
 * The connection settings of a server given as an object (`auth` turned into
 * `authProvider`). `OAuth` is the `BrowserOAuthProvider` class, loaded only
 * for servers that need it ({@link needsBrowserOAuth}).
 */
export function connectionConfig(server: ChatServerConfig, OAuth?: typeof BrowserOAuthProvider): McpConnectionConfig {
  const { auth, ...config } = server;
  if (!auth || config.authProvider) return config;
  if (isProvider(auth)) return { ...config, authProvider: auth };
  if (!OAuth) throw new Error('connectionConfig: sign-in settings need the BrowserOAuthProvider class');
  const { redirectUrl, clientId, clientMetadataUrl, storage, clientName } = auth;
  const provider = new OAuth({ serverUrl: config.url, redirectUrl, clientId, clientMetadataUrl, storage, clientName });
  return { ...config, authProvider: provider };
}

/** Whether the chat can sign the person in to (and out of) this server. */
export function canSignIn(connection: McpConnection): boolean {
  return typeof (connection.config.authProvider as { signIn?: unknown } | undefined)?.signIn === 'function';
}

/** Where sign-in and sign-out tell how it went. */
export interface SignInReporter {
  text: Pick<ChatStrings, 'signedIn' | 'signInFailed' | 'signedOut' | 'signOutFailed' | 'storeError'>;
  announce(text: string): void;
  reportError(source: 'server', message: string, error: unknown): void;
}

/**
 * Signs in to a server from the person's click. No `await` before
 * `connection.signIn()`: the popup must open while the click is handled.
 */
export function signIn(connection: McpConnection, report: SignInReporter): Promise<void> {
  return connection.signIn().then(
    () => report.announce(report.text.signedIn(connection.name)),
    (error: unknown) => report.reportError('server', report.text.signInFailed(connection.name, errorInWords(error, report.text)), error),
  );
}

/** Signs out of a server: its tokens are forgotten; it then needs sign-in again. */
export async function signOut(connection: McpConnection, report: SignInReporter): Promise<void> {
  try {
    await connection.signOut();
    report.announce(report.text.signedOut(connection.name));
  } catch (error) {
    report.reportError('server', report.text.signOutFailed(connection.name, errorInWords(error, report.text)), error);
  }
}
