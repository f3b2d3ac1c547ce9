import type { CorsDiagnosis } from './diagnosis.js';

// Loaded with the CORS probes (diagnose.ts), on a failure, not to connect.

/** What a person can do about a server they do not run. */
export const PROXY_HINT =
  'If you do not run this server, put a CORS-adding proxy in front of it (mcp-elements docs/mcp.md, "A CORS proxy for servers you do not run").';

/** The English sentence of a CORS diagnosis (see {@link CorsDiagnosis}). */
export function corsSentence(d: CorsDiagnosis): string {
  switch (d.kind) {
    case 'cors-origin':
      return (
        `The server at ${d.host} answers, but its CORS policy does not allow this page (${d.origin}): ` +
        `it must send Access-Control-Allow-Origin and answer the OPTIONS preflight. ${PROXY_HINT}`
      );
    case 'cors-preflight':
      return (
        `The server at ${d.host} answers, but refuses the browser's CORS preflight: OPTIONS requests to ${d.url} ` +
        `must answer with a 2xx status and Access-Control-Allow-Origin, Access-Control-Allow-Methods (POST, GET, DELETE) ` +
        `and Access-Control-Allow-Headers (${d.headers.join(', ')}). ${PROXY_HINT}`
      );
    case 'cors-headers': {
      const many = d.headers.length > 1;
      return (
        `The server at ${d.host} does not allow the request header${many ? 's' : ''} ${d.headers.join(', ')} ` +
        `from this page (CORS): add ${many ? 'them' : 'it'} to Access-Control-Allow-Headers. ${PROXY_HINT}`
      );
    }
    case 'cors-responses':
      return (
        `The browser blocked the answer from ${d.host} (CORS) although the preflight passes: ` +
        `the server probably omits Access-Control-Allow-Origin on some responses (errors, event streams).`
      );
    case 'session-id-hidden':
      return (
        `The server at ${d.host} started a session, but this page cannot read its Mcp-Session-Id header (CORS): ` +
        `the server must list Mcp-Session-Id in Access-Control-Expose-Headers.`
      );
  }
}
