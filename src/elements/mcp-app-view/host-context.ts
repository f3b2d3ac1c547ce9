import type { McpUiDisplayMode, McpUiHostContext, McpUiStyles, McpUiStyleVariableKey } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { TokenName } from '../shared/tokens.js';

/**
 * Our design tokens as the spec's standard style variables: an app that uses
 * `var(--color-text-primary)` etc. looks at home in every theme of the page.
 * Values are the resolved tokens of the element (page overrides included).
 */
export const STYLE_VARIABLES: Partial<Record<McpUiStyleVariableKey, TokenName>> = {
  '--color-background-primary': 'color-bg',
  '--color-background-secondary': 'color-surface',
  '--color-background-tertiary': 'color-surface',
  '--color-background-inverse': 'color-fg',
  '--color-text-primary': 'color-fg',
  '--color-text-secondary': 'color-muted',
  '--color-text-tertiary': 'color-muted',
  '--color-text-inverse': 'color-bg',
  '--color-text-info': 'color-accent',
  '--color-text-danger': 'color-danger',
  '--color-border-primary': 'color-border',
  '--color-border-secondary': 'color-border',
  '--color-border-tertiary': 'color-border',
  '--color-border-danger': 'color-danger',
  '--color-ring-primary': 'color-accent',
  '--font-sans': 'font-family',
  '--border-radius-xs': 'radius',
  '--border-radius-sm': 'radius',
  '--border-radius-md': 'radius',
  '--border-radius-lg': 'radius',
};

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
  for (let node: Node | null = element; node; ) {
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
  for (const [name, token] of Object.entries(STYLE_VARIABLES) as Array<[McpUiStyleVariableKey, TokenName]>) {
    const value = style.getPropertyValue(`--_mcp-${token}`).trim();
    if (value) variables[name] = value;
  }
  const dark = style.colorScheme.trim() === 'dark' || (style.colorScheme.trim() !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  const width = Math.round(element.getBoundingClientRect().width) || innerWidth;
  return {
    ...(tool && { toolInfo: tool }),
    theme: dark ? 'dark' : 'light',
    styles: { variables: variables as McpUiStyles },
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
