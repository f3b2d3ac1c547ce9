// Types of scripts/changelog.mjs (plain JS, run by node without a build step).
/** The lines under `## Unreleased`, trimmed. */
export function unreleasedNotes(text: string): string;
/** CHANGELOG.md with the Unreleased notes moved under `## <version> (<date>)`. */
export function cutRelease(text: string, version: string, date: string): string;
/** The notes of one released version. */
export function releaseNotes(text: string, version: string): string | undefined;
