// Which Chromium the tests drive. CHROMIUM_BIN wins; else Playwright's own
// browser when it is installed (a developer machine after
// `npx playwright install chromium`); else Debian's /usr/bin/chromium.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright';

/** @returns {string | undefined} the executable to launch, or undefined for Playwright's default */
export function chromiumExecutable() {
  if (process.env.CHROMIUM_BIN) return process.env.CHROMIUM_BIN;
  try {
    const own = chromium.executablePath();
    if (own && existsSync(own)) return undefined;
  } catch {
    // Playwright has no browser of its own here.
  }
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  return undefined;
}
