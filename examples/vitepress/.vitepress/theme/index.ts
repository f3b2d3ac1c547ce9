// The default theme with `<mcp-chat auto launcher>` in the layout's
// `layout-bottom` slot: on every page, kept across client-side navigation.
// The server HTML holds the chat's frame (the corner button), the elements
// are defined in the browser only.
import DefaultTheme from 'vitepress/theme';
import { h } from 'vue';
import type { Theme } from 'vitepress';
import { chatPlaceholderHtml } from 'mcp-web-elements';

export default {
  extends: DefaultTheme,
  Layout: () =>
    h(DefaultTheme.Layout, null, { 'layout-bottom': () => h('mcp-chat', { auto: '', launcher: '', innerHTML: chatPlaceholderHtml() }) }),
  enhanceApp() {
    if (!import.meta.env.SSR) void import('mcp-web-elements/elements');
  },
} satisfies Theme;
