import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/client';

/**
 * The JSON Schema validator the SDK client checks tool output with
 * (`structuredContent` against the tool's `outputSchema`), loaded when a tool
 * with an output schema is first called instead of with the SDK: it is the
 * SDK's own default for the environment (`@modelcontextprotocol/client/_shims`:
 * @cfworker/json-schema in browsers, Ajv in Node), about 5 KB gzip that a page
 * does not need to connect or to run a tool without an output schema.
 *
 * `McpConnection` gives the client a {@link LazyOutputValidator} and awaits
 * {@link loadOutputValidator} before a call whose tool declares an
 * `outputSchema`, so the SDK finds it loaded when it compiles the schema
 * (synchronously, in `callTool`). The single-file bundle resolves the SDK's
 * own import of `_shims` to ./sdk-shims.ts (vite.bundle.config.ts), so the
 * validator is not in the SDK's chunk.
 */
let loaded: jsonSchemaValidator | undefined;
let loading: Promise<jsonSchemaValidator> | undefined;

/** Loads the validator (once; a failed load is tried again on the next call). */
export function loadOutputValidator(): Promise<jsonSchemaValidator> {
  loading ??= import('@modelcontextprotocol/client/_shims').then(
    (shims) => (loaded = new shims.DefaultJsonSchemaValidator()),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** A `jsonSchemaValidator` that hands over to the SDK's default once {@link loadOutputValidator} has loaded it. */
export class LazyOutputValidator implements jsonSchemaValidator {
  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    // The SDK reports a throw here as the tool's output schema not being usable, before the request.
    if (!loaded) throw new Error('the output schema validator is not loaded yet (call the tool through McpConnection)');
    return loaded.getValidator<T>(schema);
  }
}
