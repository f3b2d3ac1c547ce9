import type { OAuthClientProvider } from '@modelcontextprotocol/client';
import { html, nothing } from 'lit';
import type { McpConnection, McpConnectionConfig } from '../../mcp/connection.js';
import { BrowserOAuthProvider, type BrowserOAuthProviderOptions } from '../../mcp/oauth/browser-oauth-provider.js';
import { describe } from './chat-session.js';
import type { McpChat } from './mcp-chat.js';

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

/** The connection settings of a server given as an object (`auth` turned into `authProvider`). */
export function connectionConfig(server: ChatServerConfig): McpConnectionConfig {
  const { auth, ...config } = server;
  if (!auth || config.authProvider) return config;
  if (isProvider(auth)) return { ...config, authProvider: auth };
  const { redirectUrl, clientId, clientMetadataUrl, storage, clientName } = auth;
  const provider = new BrowserOAuthProvider({ serverUrl: config.url, redirectUrl, clientId, clientMetadataUrl, storage, clientName });
  return { ...config, authProvider: provider };
}

/** Whether the chat can sign the person in to (and out of) this server. */
export function canSignIn(connection: McpConnection): boolean {
  return typeof (connection.config.authProvider as { signIn?: unknown } | undefined)?.signIn === 'function';
}

/**
 * Signs in to a server from the person's click. No `await` before
 * `connection.signIn()`: the popup must open while the click is handled.
 */
export function signIn(chat: McpChat, connection: McpConnection): Promise<void> {
  return connection.signIn().then(
    () => chat.announce(`Signed in to ${connection.name}.`),
    (error: unknown) => chat.reportError('server', `Sign-in to ${connection.name} did not complete: ${describe(error)}`, error),
  );
}

/** Signs out of a server: its tokens are forgotten; it then needs sign-in again. */
export async function signOut(chat: McpChat, connection: McpConnection): Promise<void> {
  try {
    await connection.signOut();
    chat.announce(`Signed out of ${connection.name}.`);
  } catch (error) {
    chat.reportError('server', `Sign-out of ${connection.name} failed: ${describe(error)}`, error);
  }
}

/** "Sign in to <server>" for a server that needs it (the person's click starts the popup). */
export function renderSignInButton(chat: McpChat, connection: McpConnection) {
  return html`<button part="sign-in-button" class="primary" @click=${() => void signIn(chat, connection)}>Sign in to ${connection.name}</button>`;
}

/** The line above the composer listing servers that need sign-in, each with its button. */
export function renderSignInNotice(chat: McpChat) {
  const waiting = chat.serverSet.connections.filter((c) => c.state === 'auth-required' && canSignIn(c));
  if (!waiting.length) return nothing;
  return html`<div part="notice sign-in" class="notice sign-in">
    ${waiting.map((c) => html`<p>${c.name} needs you to sign in before its tools can be used. ${renderSignInButton(chat, c)}</p>`)}
  </div>`;
}

/**
 * The line above the composer naming servers that could not be reached, each
 * with the diagnosis in words and a Retry button, so a person sees why a
 * server's tools are missing without opening the Servers panel.
 */
export function renderServerProblems(chat: McpChat) {
  const failed = chat.serverSet.connections.filter((c) => c.state === 'failed');
  if (!failed.length) return nothing;
  return html`<div part="notice server-problems" class="notice server-problems">
    ${failed.map(
      (c) => html`<p>
        <strong>${c.name}</strong> is not available${c.error ? html`: <span class="diagnosis">${c.error.message}</span>` : '.'}
        <button part="retry-button" aria-label=${`Retry ${c.name}`} @click=${() => c.connect().catch(() => {})}>Retry</button>
      </p>`,
    )}
  </div>`;
}
