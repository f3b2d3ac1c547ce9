// Loaded at the first elicitation request after one with a file input arrived (connection.ts): see file-input-keywords.ts.

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
/** The properties of a form request's schema (none when it has no such object). */
const propertiesOf = (params: unknown): Json | undefined =>
  isObject(params) && isObject(params['requestedSchema']) && isObject(params['requestedSchema']['properties'])
    ? params['requestedSchema']['properties']
    : undefined;
/** The `x-mcp-file` keywords of a request as the server sent it, by property. */
const keywordsOf = (params: unknown): Array<[string, unknown]> =>
  Object.entries(propertiesOf(params) ?? {}).flatMap(([name, prop]) =>
    isObject(prop) && isObject(prop['x-mcp-file']) ? [[name, prop['x-mcp-file']] as [string, unknown]] : [],
  );

/**
 * The parsed request with its file inputs' `x-mcp-file` put back (the same object when it had none): taken from the
 * request in `sent` (as the server sent it) with the same message and those fields, which is then removed from `sent`.
 * The keyword is copied as sent: its reader (`fileInputRule`) checks it.
 */
export function restoreFileInputs<P>(params: P, sent: unknown[]): P {
  const properties = propertiesOf(params);
  if (!properties) return params;
  const index = sent.findIndex(
    (raw) =>
      isObject(raw) &&
      raw['message'] === (params as Json)['message'] &&
      keywordsOf(raw).length > 0 &&
      keywordsOf(raw).every(([name]) => isObject(properties[name])),
  );
  if (index < 0) return params;
  const restored = { ...properties };
  for (const [name, keyword] of keywordsOf(sent.splice(index, 1)[0]))
    restored[name] = { ...(properties[name] as Json), 'x-mcp-file': keyword };
  return { ...params, requestedSchema: { ...(params as { requestedSchema: Json }).requestedSchema, properties: restored } };
}
