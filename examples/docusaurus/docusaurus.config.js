// A minimal Docusaurus site: the docs at the root, the chat on every page
// (src/theme/Root.js). Its package.json has no "type": "module": Docusaurus's
// server build fails with it (`require.resolveWeak is not a function`).
export default {
  title: 'My docs',
  url: 'http://127.0.0.1',
  baseUrl: '/',
  onBrokenLinks: 'throw',
  presets: [['classic', { docs: { routeBasePath: '/', sidebarPath: false }, blog: false, theme: {} }]],
};
