import { expect, inject, test } from 'vitest';
import { attackerHits, part, showHostile } from './app-view-support.js';

// Issue 27 §1: an app that needs more than the default CSP (the threejs
// example needs eval) showed only a console error. The view now says in words
// what was blocked and why; nothing blocked gets through.
test('an app that needs eval and reaches an undeclared site: the view says both in words, and neither happens', async () => {
  const shown = await showHostile('needs-eval');
  const evaluated = await shown.report('eval');
  expect(evaluated.ok).toBe(false);
  const note = await expect
    .poll(() => part(shown.view, 'csp-note'), { timeout: 15_000 })
    .toBeTruthy()
    .then(() => part(shown.view, 'csp-note')!);
  await expect
    .poll(() => note.textContent, { timeout: 15_000 })
    .toContain('The app of Hostile needs-eval needs to run code built from text (eval), which app views here never allow');
  await expect
    .poll(() => note.textContent, { timeout: 15_000 })
    .toContain(`tried to reach ${new URL(inject('attackerUrl')).origin}, which its server did not declare (_meta.ui.csp.connectDomains)`);
  expect(note.getAttribute('role')).toBe('status');
  // Said once each, however often the app tries.
  expect(note.querySelectorAll('p')).toHaveLength(2);
  expect((await attackerHits()).filter((u) => u.includes('undeclared-fetch'))).toEqual([]);
  // The view itself keeps running.
  expect(shown.view.state).toBe('running');
});

test('an app that stays within its policy shows no such note', async () => {
  const shown = await showHostile('peeker');
  await shown.report('peek');
  expect(part(shown.view, 'csp-note')).toBeNull();
});
