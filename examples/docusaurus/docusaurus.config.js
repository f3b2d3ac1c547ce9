// A minimal Docusaurus site: the docs at the root, the chat on every page
// (src/theme/Root.js). Its package.json has no "type": "module": Docusaurus's
// server build fails with it (`require.resolveWeak is not a function`).
// `future.faster` builds with Rspack and SWC (the `@docusaurus/faster`
// package): about 15 s here instead of 3.5-4.5 min with webpack and Babel;
// it needs the v4 flags (`future.v4`).
export default {
  title: 'My docs',
  url: 'http://127.0.0.1',
  baseUrl: '/',
  onBrokenLinks: 'throw',
  future: { v4: true, faster: true },
  presets: [['classic', { docs: { routeBasePath: '/', sidebarPath: false }, blog: false, theme: {} }]],
};
