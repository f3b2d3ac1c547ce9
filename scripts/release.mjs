#!/usr/bin/env node
// `npm run release -- <patch|minor|major|X.Y.Z> [--dry-run]`: a release, run by
// hand by a maintainer on a clean main (docs/releasing.md):
//   1. checks: clean work tree, notes under "## Unreleased" in CHANGELOG.md;
//   2. bumps the version in package.json / package-lock.json (npm version),
//      moves the notes under the new version's heading, points the README's
//      CDN line at the new major.minor;
//   3. builds and runs the package check (scripts/package-check.mjs: tarball
//      contents as the docs promise them, publint, attw, typed example apps);
//   4. commits "release vX.Y.Z" and tags vX.Y.Z.
// `--dry-run` does 1 and 3 and prints what 2 and 4 would do; nothing changes.
// `--publish` (the publish workflow, .github/workflows/publish.yml, on the tag)
// checks that HEAD is the tag of package.json's version, runs 3, then
// `npm publish --provenance --access public`.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cutRelease, releaseNotes } from './changelog.mjs';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const publish = args.includes('--publish');
const bump = args.find((a) => !a.startsWith('--'));

/** Runs a command in the repository, output shown; stops the release when it fails. */
function sh(cmd, cmdArgs, { capture = false } = {}) {
  console.log(`$ ${cmd} ${cmdArgs.join(' ')}`);
  const result = spawnSync(cmd, cmdArgs, { cwd: root, encoding: 'utf8', stdio: capture ? 'pipe' : 'inherit' });
  if (result.status !== 0) fail(`${cmd} ${cmdArgs.join(' ')} failed${capture ? `:\n${result.stderr}` : ''}`);
  return capture ? result.stdout.trim() : '';
}
function fail(message) {
  console.error(`release: ${message}`);
  process.exit(1);
}
const read = (file) => readFileSync(join(root, file), 'utf8');

/** The version a bump word gives (semver, no pre-release logic: pass X.Y.Z-rc.N for one). */
function nextVersion(current, how) {
  if (/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(how)) return how;
  const [major, minor, patch] = current.split('-')[0].split('.').map(Number);
  if (how === 'major') return `${major + 1}.0.0`;
  if (how === 'minor') return `${major}.${minor + 1}.0`;
  if (how === 'patch') return `${major}.${minor}.${patch + 1}`;
  fail(`say how to bump: npm run release -- patch | minor | major | X.Y.Z [--dry-run] (got ${how ?? 'nothing'})`);
}

const checks = () => {
  sh('npm', ['run', 'build', '--silent']);
  sh('node', ['scripts/package-check.mjs']);
};

if (publish) {
  const { version, repository } = JSON.parse(read('package.json'));
  const tags = sh('git', ['tag', '--points-at', 'HEAD'], { capture: true }).split('\n');
  if (!tags.includes(`v${version}`)) fail(`HEAD is not tagged v${version}: publish from the tag \`npm run release\` made`);
  if (!releaseNotes(read('CHANGELOG.md'), version)) fail(`CHANGELOG.md has no "## ${version} (date)" section`);
  // npm checks provenance against package.json's repository: without it the publish fails late.
  if (!repository?.url)
    fail('package.json needs "repository": { "type": "git", "url": "git+https://github.com/OWNER/REPO.git" } for --provenance');
  checks();
  sh('npm', ['publish', '--provenance', '--access', 'public']);
  process.exit(0);
}

if (sh('git', ['status', '--porcelain'], { capture: true })) fail('the work tree has changes: commit or stash them first');
// A release is made from main only (a feature branch would tag a version main never gets).
const branch = sh('git', ['rev-parse', '--abbrev-ref', 'HEAD'], { capture: true });
if (branch !== 'main' && !args.includes('--any-branch')) fail(`releases are made on main, this is ${branch} (--any-branch to override)`);
const pkg = JSON.parse(read('package.json'));
const version = nextVersion(pkg.version, bump);
const date = new Date().toISOString().slice(0, 10);
let changelog;
try {
  changelog = cutRelease(read('CHANGELOG.md'), version, date);
} catch (error) {
  fail(error.message);
}
const majorMinor = version.split('.').slice(0, 2).join('.');
const readme = read('README.md').replace(/mcp-web-elements@\d+\.\d+\//g, `mcp-web-elements@${majorMinor}/`);

if (dryRun) {
  checks();
  console.log(`\nrelease --dry-run: would release ${pkg.version} -> ${version}, tag v${version}, with these notes:\n`);
  console.log(releaseNotes(changelog, version));
  process.exit(0);
}

sh('npm', ['version', version, '--no-git-tag-version']);
writeFileSync(join(root, 'CHANGELOG.md'), changelog);
writeFileSync(join(root, 'README.md'), readme);
checks();
sh('git', ['add', 'package.json', 'package-lock.json', 'CHANGELOG.md', 'README.md']);
sh('git', ['commit', '-m', `release v${version}`]);
sh('git', ['tag', '-a', `v${version}`, '-m', `v${version}\n\n${releaseNotes(changelog, version)}`]);
console.log(
  `\nv${version} is committed and tagged. Next: git push --follow-tags, then run the "publish" workflow on v${version} (docs/releasing.md).`,
);
