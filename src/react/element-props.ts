// What `@lit/react` needs of an element's class: which React props are the
// element's properties (`name in elementClass.prototype`; the rest are
// attributes). The React components take these lists instead of the classes,
// so importing `mcp-web-elements/react` does not put the elements, Lit and the
// MCP SDK in an app's main chunk: each element's code loads when its component
// first mounts (index.ts). test/unit/react-entry.test.ts keeps each list equal
// to the element's public writable properties in custom-elements.json.

export const ELEMENT_PROPERTIES = {
  'mcp-chat': [
    'server',
    'servers',
    'provider',
    'model',
    'baseUrl',
    'modelUrl',
    'modelSize',
    'modelSha256',
    'openModel',
    'placeholder',
    'strings',
    'theme',
    'density',
    'systemPrompt',
    'sandboxUrl',
    'maxRounds',
    'policy',
    'roots',
    'store',
    'sync',
    'syncToken',
    'storageKey',
    'allowKeyStorage',
    'fixedServers',
    'noTrace',
    'ollamaUrl',
    'starters',
    'startersPrompt',
    'startersTool',
    'launcher',
    'open',
    'launcherPosition',
    'pageTools',
    'publishTools',
    'auto',
    'feedback',
    'feedbackTool',
    'discoveryOrigin',
    'registry',
    'oauthRedirect',
    'transcribe',
    'noVoice',
    'panel',
    'accept',
    'fileSizeLimits',
    'maxFiles',
    'attachments',
  ],
  'mcp-elicit-form': ['request', 'server', 'applyDefaults', 'completed', 'theme', 'strings'],
  'mcp-registry-search': ['registry', 'limit', 'theme', 'strings', 'fetch'],
  'mcp-sampling-approval': ['provider', 'models', 'defaultModel', 'policies', 'queued', 'theme', 'strings'],
  'mcp-tool': ['server', 'tool', 'arguments', 'sandboxUrl', 'theme', 'state'],
} as const;

/** A stand-in for an element's class, as `@lit/react` reads it: a prototype that has the element's properties. */
export function propertyClass<T>(tag: keyof typeof ELEMENT_PROPERTIES): T {
  const prototype = Object.fromEntries(ELEMENT_PROPERTIES[tag].map((name) => [name, undefined]));
  return { prototype, name: tag } as unknown as T;
}
