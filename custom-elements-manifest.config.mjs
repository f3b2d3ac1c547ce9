// custom-elements.json is generated from the classes' JSDoc (`npm run analyze`).
// packagejson: false: package.json already names the manifest, and a run with a
// temporary --outdir (the freshness test) must not rewrite it.
export default {
  globs: ['src/**/*.ts'],
  exclude: ['src/**/*.test.ts'],
  litelement: true,
  packagejson: false,
};
