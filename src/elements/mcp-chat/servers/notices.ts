import { html, nothing } from 'lit';
import type { McpConnection } from '../../../mcp/connection.js';
import { canSignIn } from './auth.js';
import { diagnosisText } from '../error-words.js';
import { CHAT_STRINGS_EN, type ChatStrings } from '../strings.js';

/** The words of the notices: the keys they use from the chat's strings table. */
export type NoticeText = Pick<ChatStrings, 'diagnosis' | 'serverUnavailable' | 'retry' | 'retryServer' | 'signInNeeded' | 'signInTo'>;

/** "Sign in to <server>" for a server that needs it (the person's click starts the popup). */
export function renderSignInButton(
  connection: McpConnection,
  onSignIn: (connection: McpConnection) => void,
  text: Pick<ChatStrings, 'signInTo'> = CHAT_STRINGS_EN,
) {
  return html`<button part="sign-in-button" class="primary" @click=${() => onSignIn(connection)}>${text.signInTo(connection.name)}</button>`;
}

/** The line above the composer listing servers that need sign-in, each with its button. */
export function renderSignInNotice(
  connections: readonly McpConnection[],
  onSignIn: (connection: McpConnection) => void,
  text: NoticeText = CHAT_STRINGS_EN,
) {
  const waiting = connections.filter((c) => c.state === 'auth-required' && canSignIn(c));
  if (!waiting.length) return nothing;
  return html`<div part="notice sign-in" class="notice sign-in">
    ${waiting.map((c) => html`<p>${text.signInNeeded(c.name)} ${renderSignInButton(c, onSignIn, text)}</p>`)}
  </div>`;
}

/**
 * The line above the composer naming servers that could not be reached, each
 * with the diagnosis in words and a Retry button, so a person sees why a
 * server's tools are missing without opening the Servers panel.
 */
export function renderServerProblems(connections: readonly McpConnection[], text: NoticeText = CHAT_STRINGS_EN) {
  const failed = connections.filter((c) => c.state === 'failed');
  if (!failed.length) return nothing;
  return html`<div part="notice server-problems" class="notice server-problems">
    ${failed.map(
      (c) => html`<p>
        <strong>${c.name}</strong> ${text.serverUnavailable}${c.error ? html`: <span class="diagnosis">${diagnosisText(c.error, text)}</span>` : '.'}
        <button part="retry-button" aria-label=${text.retryServer(c.name)} @click=${() => c.connect().catch(() => {})}>${text.retry}</button>
      </p>`,
    )}
  </div>`;
}

/** The tools the person asked to run that wait for the running work, in order. */
export function renderQueued(
  titles: readonly string[],
  words: (titles: string) => string = (t) => `Waiting to run after the current work: ${t}.`,
) {
  if (!titles.length) return nothing;
  return html`<p part="notice" class="notice queued">${words(titles.join(', '))}</p>`;
}

/** "12 s", "3 min 05 s". */
export function formatElapsed(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/**
 * Calls waiting on a server that has said nothing for a while, with the time
 * since each was sent (a call may wait up to its timeout; the person sees it is
 * still alive and can press Stop).
 */
export function renderWaiting(
  calls: ReadonlyArray<{ id: string; title?: string; server?: string; seconds: number; forPerson?: boolean }>,
  words: (server: string, tool: string, elapsed: string) => string = (server, tool, elapsed) =>
    `Waiting for ${server} to answer ${tool}: ${elapsed}. Stop ends the wait.`,
  forPerson: (tool: string) => string = (tool) => `Waiting for you to fill ${tool}.`,
) {
  if (!calls.length) return nothing;
  return html`<p part="notice waiting" class="notice waiting">
    ${calls.map(
      (c) =>
        html`<span class="waiting-call">${
          c.forPerson
            ? forPerson(c.title ?? 'a tool call')
            : words(c.server ?? 'the server', c.title ?? 'a tool call', formatElapsed(c.seconds))
        }</span>`,
    )}
  </p>`;
}
