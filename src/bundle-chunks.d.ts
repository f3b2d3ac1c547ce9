// The chat chunk, as src/bundle-loader.ts imports it: vite.bundle.config.ts (`placePageFile`)
// puts its path in at build time.
declare module '__CHAT_CHUNK__';
