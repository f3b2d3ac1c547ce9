// custom-elements.json is generated from the classes' JSDoc (`npm run analyze`).
// packagejson: false: package.json already names the manifest, and a run with a
// temporary --outdir (the freshness test) must not rewrite it.
// Modules are sorted by path: the analyzer lists them in directory-read order,
// which differs between checkouts, and the manifest must be the same everywhere.
export default {
  globs: ['src/**/*.ts'],
  exclude: ['src/**/*.test.ts'],
  litelement: true,
  packagejson: false,
  plugins: [
    {
      name: 'sort-modules',
      packageLinkPhase({ customElementsManifest }) {
        customElementsManifest.modules.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      },
    },
  ],
};
