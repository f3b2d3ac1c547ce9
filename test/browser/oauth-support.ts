import { inject } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { AuthLog } from '../fixtures/auth-server/server.js';

/** Posts to one of the authorization-server fixture's test controls (`/test/reset`, `/test/revoke-all`, ...). */
export async function control(path: string): Promise<void> {
  await fetch(`${inject('authServerUrl')}${path}`, { method: 'POST' });
}

/** What the authorization-server fixture has seen since the last `/test/reset`. */
export async function authLog(): Promise<AuthLog> {
  return (await fetch(`${inject('authServerUrl')}/test/log`)).json();
}

/**
 * Clicks, for real, a button labelled `label` whose click handler calls `start`
 * (a popup needs the user activation of a trusted click). Settles as `start`'s
 * promise does.
 */
export async function clickToStart(label: string, start: () => Promise<void>): Promise<void> {
  const button = document.createElement('button');
  button.textContent = label;
  let started: Promise<void> | undefined;
  button.addEventListener('click', () => {
    started = start();
  });
  document.body.append(button);
  await userEvent.click(button);
  button.remove();
  if (!started) throw new Error('the click did not reach the button');
  return started;
}
