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

/** Display modes this host offers (`pip` is not offered). */
export const HOST_DISPLAY_MODES: McpUiDisplayMode[] = ['inline', 'fullscreen'];

/** What the element knows when it builds a host context. */
export interface HostContextInput {
  element: HTMLElement;
  displayMode: McpUiDisplayMode;
  maxHeight: number;
  tool?: McpUiHostContext['toolInfo'];
}

/** The `hostContext` of `ui/initialize` and of `host-context-changed`, read from the element and the browser now. */
export function buildHostContext({ element, displayMode, maxHeight, tool }: HostContextInput): McpUiHostContext {
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
    containerDimensions: displayMode === 'fullscreen' ? { width: innerWidth, height: innerHeight } : { width, maxHeight },
    locale: navigator.language,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    userAgent: 'mcp-elements',
    platform: matchMedia('(pointer: coarse)').matches ? 'mobile' : 'web',
    deviceCapabilities: { touch: matchMedia('(pointer: coarse)').matches, hover: matchMedia('(hover: hover)').matches },
  };
}
