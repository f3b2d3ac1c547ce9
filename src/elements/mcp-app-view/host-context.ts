import type { McpUiDisplayMode, McpUiHostContext, McpUiStyles, McpUiStyleVariableKey } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { TokenName } from '../shared/tokens.js';

/** A style variable's value from the element's resolved tokens (`t('color-bg')`). */
type StyleValue = TokenName | ((t: (name: TokenName) => string) => string);

/** The chat's tint of a colour on its background (as its error box: 8 %). */
const tint =
  (token: TokenName): StyleValue =>
  (t) => {
    const [colour, bg] = [t(token), t('color-bg')];
    return colour && bg ? `color-mix(in srgb, ${colour} 8%, ${bg})` : '';
  };
const fixed =
  (value: string): StyleValue =>
  () =>
    value;

/**
 * Our design tokens as the spec's standard style variables: an app that uses
 * `var(--color-text-primary)` etc. looks at home in every theme of the page.
 * Values are the resolved tokens of the element (page overrides included),
 * and the chat's own constants (weights, the full radius, the border width).
 * Left out, for want of a value the chat has: the ghost colours, the font
 * sizes and line heights (the chat's text follows the page's), the shadows.
 */
export const STYLE_VARIABLES: Partial<Record<McpUiStyleVariableKey, StyleValue>> = {
  '--color-background-primary': 'color-bg',
  '--color-background-secondary': 'color-surface',
  '--color-background-tertiary': 'color-surface',
  '--color-background-inverse': 'color-fg',
  '--color-background-info': tint('color-accent'),
  '--color-background-danger': tint('color-danger'),
  '--color-background-success': tint('color-success'),
  '--color-background-warning': tint('color-warning'),
  '--color-background-disabled': 'color-surface',
  '--color-text-primary': 'color-fg',
  '--color-text-secondary': 'color-muted',
  '--color-text-tertiary': 'color-muted',
  '--color-text-inverse': 'color-bg',
  '--color-text-info': 'color-accent',
  '--color-text-danger': 'color-danger',
  '--color-text-success': 'color-success',
  '--color-text-warning': 'color-warning',
  '--color-text-disabled': 'color-muted',
  '--color-border-primary': 'color-border',
  '--color-border-secondary': 'color-border',
  '--color-border-tertiary': 'color-border',
  '--color-border-inverse': 'color-fg',
  '--color-border-info': 'color-accent',
  '--color-border-danger': 'color-danger',
  '--color-border-success': 'color-success',
  '--color-border-warning': 'color-warning',
  '--color-border-disabled': 'color-border',
  '--color-ring-primary': 'color-accent',
  '--color-ring-secondary': 'color-muted',
  '--color-ring-inverse': 'color-bg',
  '--color-ring-info': 'color-accent',
  '--color-ring-danger': 'color-danger',
  '--color-ring-success': 'color-success',
  '--color-ring-warning': 'color-warning',
  '--font-sans': 'font-family',
  '--font-mono': 'font-mono',
  '--font-weight-normal': fixed('400'),
  '--font-weight-medium': fixed('500'),
  '--font-weight-semibold': fixed('600'),
  '--font-weight-bold': fixed('700'),
  '--border-radius-xs': 'radius',
  '--border-radius-sm': 'radius',
  '--border-radius-md': 'radius',
  '--border-radius-lg': 'radius',
  '--border-radius-xl': fixed('16px'),
  '--border-radius-full': fixed('9999px'),
  '--border-width-regular': fixed('1px'),
};

/**
 * `styles.css.fonts`: the `@font-face` rules of the page (its own and adopted
 * style sheets the page may read) for the families the element's fonts name.
 * Empty when its fonts are the system's (the default).
 */
export function hostFonts(families: string): string {
  const named = new Set(
    families.split(',').map((f) =>
      f
        .trim()
        .replace(/^["']|["']$/g, '')
        .toLowerCase(),
    ),
  );
  const rules: string[] = [];
  for (const sheet of [...document.styleSheets, ...document.adoptedStyleSheets]) {
    let list: CSSRuleList;
    try {
      list = sheet.cssRules;
    } catch {
      continue; // another origin's sheet: not readable
    }
    for (const rule of list) {
      if (!(rule instanceof CSSFontFaceRule)) continue;
      const family = rule.style
        .getPropertyValue('font-family')
        .trim()
        .replace(/^["']|["']$/g, '')
        .toLowerCase();
      if (named.has(family)) rules.push(rule.cssText);
    }
  }
  return rules.join('\n');
}

/** Display modes this host offers: all the spec defines. */
export const HOST_DISPLAY_MODES: McpUiDisplayMode[] = ['inline', 'fullscreen', 'pip'];

/** Widest the small floating window (`pip`) is, in pixels (less on narrow screens). */
export const PIP_WIDTH = 360;
/** Tallest the app is in the small floating window, in pixels (less on short screens). */
export const PIP_MAX_HEIGHT = 280;

/** What the element knows when it builds a host context. */
export interface HostContextInput {
  element: HTMLElement;
  displayMode: McpUiDisplayMode;
  maxHeight: number;
  tool?: McpUiHostContext['toolInfo'];
  /** An element whose padding is `env(safe-area-inset-*)`: the device's safe area, for fullscreen and pip. */
  safeArea?: Element;
  /** The floating window's width now (it depends on the area around the view). */
  pipWidth?: number;
}

/**
 * The language of the element: the nearest `lang` above it (through shadow
 * roots: a chat set to Arabic), else the browser's; the browser's when it is
 * the same language with more detail (`en` on the page, `en-GB` preferred).
 */
function localeOf(element: Element): string {
  const preferred = navigator.language;
  for (let node: Node | null = element; node;) {
    const lang = node instanceof Element ? node.getAttribute('lang') : null;
    if (lang) return preferred.toLowerCase().startsWith(`${lang.toLowerCase()}-`) ? preferred : lang;
    node = node.parentNode ?? (node instanceof ShadowRoot ? node.host : null);
  }
  return preferred;
}

/** The `hostContext` of `ui/initialize` and of `host-context-changed`, read from the element and the browser now. */
export function buildHostContext({ element, displayMode, maxHeight, tool, safeArea, pipWidth }: HostContextInput): McpUiHostContext {
  const style = getComputedStyle(element);
  const variables: Partial<Record<McpUiStyleVariableKey, string>> = {};
  const t = (token: TokenName) => style.getPropertyValue(`--_mcp-${token}`).trim();
  for (const [name, source] of Object.entries(STYLE_VARIABLES) as Array<[McpUiStyleVariableKey, StyleValue]>) {
    const value = typeof source === 'function' ? source(t) : t(source);
    if (value) variables[name] = value;
  }
  const fonts = hostFonts(`${t('font-family')},${t('font-mono')}`);
  const dark =
    style.colorScheme.trim() === 'dark' || (style.colorScheme.trim() !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  const width = Math.round(element.getBoundingClientRect().width) || innerWidth;
  return {
    ...(tool && { toolInfo: tool }),
    theme: dark ? 'dark' : 'light',
    styles: { variables: variables as McpUiStyles, ...(fonts && { css: { fonts } }) },
    displayMode,
    availableDisplayModes: HOST_DISPLAY_MODES,
    containerDimensions:
      displayMode === 'fullscreen'
        ? { width: innerWidth, height: innerHeight }
        : displayMode === 'pip'
          ? { width: pipWidth ?? Math.min(PIP_WIDTH, width), maxHeight: Math.min(PIP_MAX_HEIGHT, Math.round(innerHeight * 0.5)) }
          : { width, maxHeight },
    // Inline the view sits inside the page's layout; full screen and the floating window reach the screen's edges.
    safeAreaInsets: displayMode === 'inline' || !safeArea ? { top: 0, right: 0, bottom: 0, left: 0 } : insets(safeArea),
    locale: localeOf(element),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    userAgent: 'mcp-elements',
    platform: matchMedia('(pointer: coarse)').matches ? 'mobile' : 'web',
    deviceCapabilities: { touch: matchMedia('(pointer: coarse)').matches, hover: matchMedia('(hover: hover)').matches },
  };
}

function insets(probe: Element) {
  const style = getComputedStyle(probe);
  const px = (v: string) => Math.round(parseFloat(v) || 0);
  return { top: px(style.paddingTop), right: px(style.paddingRight), bottom: px(style.paddingBottom), left: px(style.paddingLeft) };
}
