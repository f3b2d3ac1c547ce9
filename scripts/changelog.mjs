// The CHANGELOG.md discipline `npm run release` relies on (pure functions, so
// test/unit/changelog.test.ts can prove them): every user-visible change adds a
// line under `## Unreleased`; a release turns that section into `## X.Y.Z (date)`
// and leaves an empty `## Unreleased` above it.

const UNRELEASED = /^## Unreleased[ \t]*$/m;

/**
 * The lines under `## Unreleased`, up to the next `## ` heading (trimmed).
 * @param {string} text CHANGELOG.md
 * @returns {string}
 */
export function unreleasedNotes(text) {
  const match = UNRELEASED.exec(text);
  if (!match) throw new Error('CHANGELOG.md has no "## Unreleased" section: add one above the newest release');
  const rest = text.slice(match.index + match[0].length);
  const next = rest.search(/^## /m);
  return (next === -1 ? rest : rest.slice(0, next)).trim();
}

/**
 * CHANGELOG.md with the Unreleased notes moved under `## <version> (<date>)`.
 * Throws when there is nothing to release or the version is already there.
 * @param {string} text CHANGELOG.md
 * @param {string} version e.g. `0.2.0`
 * @param {string} date e.g. `2026-11-25`
 * @returns {string}
 */
export function cutRelease(text, version, date) {
  const notes = unreleasedNotes(text);
  if (!notes) throw new Error('CHANGELOG.md says nothing under "## Unreleased": write what changed for users first');
  if (new RegExp(`^## ${version.replace(/\./g, '\\.')}[ (]`, 'm').test(text))
    throw new Error(`CHANGELOG.md already has a ${version} section`);
  const match = UNRELEASED.exec(text);
  const start = match.index + match[0].length;
  const rest = text.slice(start);
  const next = rest.search(/^## /m);
  const tail = next === -1 ? '' : rest.slice(next);
  return `${text.slice(0, start)}\n\n## ${version} (${date})\n\n${notes}\n${tail ? `\n${tail}` : ''}`;
}

/**
 * The notes of one released version (for the release's description).
 * @param {string} text CHANGELOG.md
 * @param {string} version
 * @returns {string | undefined}
 */
export function releaseNotes(text, version) {
  const match = new RegExp(`^## ${version.replace(/\./g, '\\.')} \\(.*\\)[ \\t]*$`, 'm').exec(text);
  if (!match) return undefined;
  const rest = text.slice(match.index + match[0].length);
  const next = rest.search(/^## /m);
  return (next === -1 ? rest : rest.slice(0, next)).trim();
}
