// custom-elements.json is generated from the classes' JSDoc (`npm run analyze`).
// packagejson: false: package.json already names the manifest, and a run with a
// temporary --outdir (the freshness test) must not rewrite it.
// Modules are sorted by path: the analyzer lists them in directory-read order,
// which differs between checkouts, and the manifest must be the same everywhere.

/**
 * The analyzer infers an event from every `dispatchEvent(new X(a, b))` and takes
 * the text of `a` as the event's name (right for `new Event('change')`, wrong for
 * our Event subclasses, whose name is their `static eventName`). Editors and
 * framework wrappers generated from the manifest would offer those made-up names.
 * This resolves each inferred event through its class's `eventName` and merges
 * it into the JSDoc `@event` entry of the same name.
 */
const eventNames = {
  name: 'event-names',
  packageLinkPhase({ customElementsManifest }) {
    const nameOf = new Map();
    for (const module of customElementsManifest.modules) {
      for (const declaration of module.declarations ?? []) {
        const field = declaration.members?.find((m) => m.static && m.name === 'eventName' && m.default);
        if (field) nameOf.set(declaration.name, field.default.replace(/^['"]|['"](\s+as\s+const)?$/g, ''));
      }
    }
    // The elements' event classes live in src/events/ (src/mcp has same-named events of its own).
    const classOf = new Map();
    for (const module of customElementsManifest.modules.filter((m) => m.path.startsWith('src/events/'))) {
      for (const declaration of module.declarations ?? []) {
        if (nameOf.has(declaration.name)) classOf.set(nameOf.get(declaration.name), declaration.name);
      }
    }
    for (const module of customElementsManifest.modules) {
      for (const declaration of module.declarations ?? []) {
        if (!declaration.events) continue;
        const merged = new Map();
        for (const event of declaration.events) {
          const real = nameOf.get(event.type?.text) ?? event.name;
          if (!real) continue;
          const known = merged.get(real);
          merged.set(real, known ? { ...event, ...known, type: known.type ?? event.type } : { ...event, name: real });
        }
        // An event only re-fired or bubbling through (documented with @event, never
        // dispatched here) gets its class too: the framework typings need it.
        declaration.events = [...merged.values()].map((event) =>
          event.type || !classOf.has(event.name) ? event : { ...event, type: { text: classOf.get(event.name) } },
        );
      }
    }
  },
};

/**
 * An element that honours a global HTML attribute (`lang`, `dir`) lists it
 * through `observedAttributes`; the analyzer then records it without the
 * property behind it, and typings generated from the manifest would read
 * `McpChat["undefined"]`. Those properties are HTMLElement's own.
 */
const GLOBAL_ATTRIBUTES = new Set(['lang', 'dir', 'hidden', 'title', 'inert']);
const globalAttributes = {
  name: 'global-attributes',
  packageLinkPhase({ customElementsManifest }) {
    for (const module of customElementsManifest.modules) {
      for (const declaration of module.declarations ?? []) {
        for (const attribute of declaration.attributes ?? []) {
          if (attribute.fieldName || !GLOBAL_ATTRIBUTES.has(attribute.name)) continue;
          attribute.fieldName = attribute.name;
          attribute.description ??= `The global HTML attribute \`${attribute.name}\` (honoured by the element; also read from an ancestor).`;
          attribute.type ??= { text: 'string' };
        }
      }
    }
  },
};

/**
 * The manifest describes elements. The analyzer also records the events of
 * plain classes that dispatch them (`ServerSet` and `InputRouter` fire
 * `change`, `McpConnection` and `McpHub` their own `mcp-*` events): tools that
 * read the manifest would offer those as element events. Only elements keep
 * events, and only their `mcp-*` ones (a native name such as `change` is never
 * one of ours; see docs/architecture.md).
 */
const elementEventsOnly = {
  name: 'element-events-only',
  packageLinkPhase({ customElementsManifest }) {
    for (const module of customElementsManifest.modules) {
      for (const declaration of module.declarations ?? []) {
        if (!declaration.events) continue;
        if (!declaration.customElement) delete declaration.events;
        else declaration.events = declaration.events.filter((event) => event.name?.startsWith('mcp-'));
      }
    }
  },
};

/**
 * The manifest is for tools that read elements (editors, framework typings,
 * Storybook): it keeps the modules that define an element and the elements'
 * event classes (src/events/), and leaves out the library's other modules
 * (the MCP client, providers, history...), which are described by their
 * TypeScript declarations. It was 1.5 MB with every module, most of the
 * package's size (issue 43 item 5).
 */
const elementModulesOnly = {
  name: 'element-modules-only',
  packageLinkPhase({ customElementsManifest }) {
    customElementsManifest.modules = customElementsManifest.modules.filter(
      (module) => module.path.startsWith('src/events/') || (module.declarations ?? []).some((declaration) => declaration.customElement),
    );
  },
};

export default {
  globs: ['src/**/*.ts'],
  // src/react wraps the elements for React; its components are not elements.
  exclude: ['src/**/*.test.ts', 'src/react/**'],
  litelement: true,
  packagejson: false,
  plugins: [
    eventNames,
    elementEventsOnly,
    globalAttributes,
    elementModulesOnly,
    {
      name: 'sort-modules',
      packageLinkPhase({ customElementsManifest }) {
        customElementsManifest.modules.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      },
    },
  ],
};
