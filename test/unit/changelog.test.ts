import { describe, expect, it } from 'vitest';
import { cutRelease, releaseNotes, unreleasedNotes } from '../../scripts/changelog.mjs';

// The CHANGELOG.md discipline `npm run release` relies on (scripts/release.mjs).
const changelog = `# Changelog

Intro.

## Unreleased

- Chat shows the sandbox URL it tried.
- Fewer root exports.

## 0.1.0 (2026-11-01)

- First release.
`;

describe('changelog', () => {
  it('moves the Unreleased notes under the new version and leaves an empty Unreleased above', () => {
    const next = cutRelease(changelog, '0.2.0', '2026-11-25');
    expect(next).toBe(`# Changelog

Intro.

## Unreleased

## 0.2.0 (2026-11-25)

- Chat shows the sandbox URL it tried.
- Fewer root exports.

## 0.1.0 (2026-11-01)

- First release.
`);
    expect(unreleasedNotes(next)).toBe('');
    expect(releaseNotes(next, '0.2.0')).toBe('- Chat shows the sandbox URL it tried.\n- Fewer root exports.');
    expect(releaseNotes(next, '0.1.0')).toBe('- First release.');
  });

  it('refuses a release with nothing written under Unreleased, or a version already released', () => {
    const empty = cutRelease(changelog, '0.2.0', '2026-11-25');
    expect(() => cutRelease(empty, '0.3.0', '2026-11-26')).toThrow(/nothing under "## Unreleased"/);
    expect(() => cutRelease(changelog, '0.1.0', '2026-11-26')).toThrow(/already has a 0\.1\.0 section/);
    expect(() => cutRelease('# Changelog\n', '0.1.0', '2026-11-26')).toThrow(/no "## Unreleased" section/);
  });

  it('cuts the first release of a changelog with no earlier versions', () => {
    const first = cutRelease('# Changelog\n\n## Unreleased\n\n- First release.\n', '0.1.0', '2026-11-25');
    expect(first).toBe('# Changelog\n\n## Unreleased\n\n## 0.1.0 (2026-11-25)\n\n- First release.\n');
  });
});
