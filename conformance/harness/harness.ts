// The page the conformance client drives in Chromium. It plays one scenario
// of @modelcontextprotocol/conformance against the server in `?server=`
// through the project's own client: McpConnection (src/mcp) with
// BrowserOAuthProvider as its authProvider. When the connection needs sign-in
// (state `auth-required`, McpConnectionError kind `auth-required`) the page
// shows "Sign in to <server>"; the Node driver (conformance/client.mjs) clicks
// it as a person would, and the click calls `connection.signIn()`.
import type { Tool } from '@modelcontextprotocol/client';
import {
  BrowserOAuthProvider,
  McpConnection,
  McpConnectionError,
  McpErrorKind,
  OAuthSignInError,
  type McpConnectionConfig,
} from '../../src/mcp/index.js';

declare global {
  interface Window {
    /** Set by the driver (page.exposeFunction): receives the outcome. */
    harnessDone?: (outcome: { ok: boolean; error?: string }) => void;
  }
}

/** The fixed Client ID Metadata Document URL the suite expects (it is never fetched). */
const CIMD_URL = 'https://conformance-test.local/client-metadata.json';
/** Sign-ins one operation may ask for before the client gives up (step-up loops). */
const MAX_SIGN_INS = 3;

const query = new URL(location.href).searchParams;
const serverUrl = query.get('server') ?? '';
const scenario = query.get('scenario') ?? '';
const context = JSON.parse(query.get('context') || '{}') as Record<string, unknown>;

function log(line: string) {
  const item = document.createElement('li');
  item.textContent = line;
  document.getElementById('log')!.append(item);
  console.log(`[harness] ${line}`);
}

const provider = new BrowserOAuthProvider({
  serverUrl,
  redirectUrl: new URL('./callback.html', location.href).href,
  clientName: 'mcp-elements conformance harness',
  clientMetadataUrl: CIMD_URL,
  ...(scenario === 'auth/pre-registration' ? { clientId: String(context.client_id), clientSecret: String(context.client_secret) } : {}),
});

function needsSignIn(error: unknown): boolean {
  return error instanceof McpConnectionError && error.kind === McpErrorKind.AuthRequired;
}

/** Shows "Sign in to <server>"; the click signs in through the connection (popup, state check, code redeemed, connect). */
function askToSignIn(connection: McpConnection): Promise<void> {
  return new Promise((resolve, reject) => {
    const button = document.createElement('button');
    button.textContent = `Sign in to ${new URL(serverUrl).host}`;
    button.addEventListener('click', () => {
      button.remove();
      // A connect that still needs sign-in (step-up) is retried by withSignIn.
      connection.signIn().then(resolve, (error: unknown) => (needsSignIn(error) ? resolve() : reject(error)));
    });
    document.getElementById('sign-in')!.append(button);
    log(`sign-in needed (${connection.state}): ${provider.authorizationUrl?.searchParams.get('scope') ?? '(no scope)'}`);
  });
}

/** Runs `op`; when the connection needs (more) authorization, signs in and runs it again. */
async function withSignIn<T>(connection: McpConnection, what: string, op: () => Promise<T>): Promise<T> {
  for (let signIns = 0; ; signIns++) {
    try {
      const result = await op();
      log(`${what}: ok`);
      return result;
    } catch (error) {
      if (!needsSignIn(error) || signIns >= MAX_SIGN_INS) throw error;
      await askToSignIn(connection);
    }
  }
}

/** A connection to the scenario's server, connected (signing in when asked). */
async function connect(config: Partial<McpConnectionConfig> = {}): Promise<McpConnection> {
  const connection = new McpConnection({
    url: serverUrl,
    era: 'auto',
    authProvider: provider,
    clientInfo: { name: 'mcp-elements-conformance', version: '0.1.0' },
    ...config,
  });
  connection.addEventListener('mcp-connection-change', (e) => log(`state: ${e.previous} -> ${e.state}`));
  await withSignIn(connection, 'connect', () => connection.connect());
  return connection;
}

/** A sample value a person might type for a schema property (harness only: the suite checks the wire, not the values). */
function sample(schema: Record<string, unknown> | undefined): unknown {
  switch (schema?.type) {
    case 'string':
      return Array.isArray(schema.enum) ? schema.enum[0] : 'sample';
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return 'sample';
  }
}

/** Arguments for a tool: each required property gets a sample value. */
function argumentsFor(tool: Tool): Record<string, unknown> {
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
  return Object.fromEntries((tool.inputSchema.required ?? []).map((name) => [name, sample(properties[name])]));
}

/** Accepts every form with a sample value for each field, like a person who fills it in. */
function acceptForms(connection: McpConnection): void {
  connection.router.handle('elicitation', async (params) => {
    const schema = 'requestedSchema' in params ? params.requestedSchema : undefined;
    const properties = (schema?.properties ?? {}) as Record<string, Record<string, unknown>>;
    return {
      action: 'accept',
      content: Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, sample(v)])) as Record<string, string>,
    };
  });
}

/**
 * What a person does with a server in the chat: everything it offers is used
 * once. The tool calls of `context.toolCalls` (with the suite's arguments),
 * else every tool the connection offers (sample arguments); then the first
 * resource is read and the first prompt fetched. The suite checks what went
 * over the wire.
 */
async function useEverything() {
  const connection = await connect();
  acceptForms(connection);
  const planned =
    (context.toolCalls as unknown as Array<{ name: string; arguments: Record<string, unknown> }> | undefined) ??
    connection.tools.map((t) => ({ name: t.name, arguments: argumentsFor(t) }));
  for (const call of planned) {
    try {
      const result = await connection.callTool(call.name, call.arguments);
      log(`tools/call ${call.name}: ${result.isError ? 'error' : 'ok'}`);
    } catch (error) {
      // The server's own fault (an error answer, an invalid result) is what the person sees; the suite judges the wire.
      if (!(error instanceof McpConnectionError && error.kind === McpErrorKind.Protocol)) throw error;
      log(`tools/call ${call.name}: the person sees "${error.message}"`);
    }
  }
  const resource = connection.resources[0];
  if (resource) await connection.readResource(resource.uri);
  const prompt = connection.prompts[0];
  if (prompt) {
    await connection.getPrompt(
      prompt.name,
      Object.fromEntries((prompt.arguments ?? []).filter((a) => a.required).map((a) => [a.name, 'sample'])),
    );
  }
  await connection.close();
}

const scenarios: Record<string, () => Promise<void>> = {
  async initialize() {
    const connection = await connect();
    await connection.refresh('tools');
    await connection.close();
  },
  async tools_call() {
    const connection = await connect();
    for (const tool of connection.tools) {
      if (tool.name === 'add_numbers') await connection.callTool(tool.name, { a: 5, b: 3 });
    }
    await connection.close();
  },
  async 'elicitation-sep1034-client-defaults'() {
    // Declares elicitation.form.applyDefaults; the person accepts with nothing filled in.
    const connection = await connect({ elicitation: { applyDefaults: true } });
    connection.router.handle('elicitation', async () => ({ action: 'accept', content: {} }));
    await connection.callTool('test_client_elicitation_defaults', {});
    await connection.close();
  },
  async 'sse-retry'() {
    const connection = await connect();
    await connection.callTool('test_reconnection', {});
    await connection.close();
  },
  async 'json-schema-2020-12-preservation'() {
    // The suite's echo tool: send back the focal tool's inputSchema exactly as the catalog holds it.
    const connection = await connect();
    const focal = connection.tools.find((t) => t.name !== 'json_schema_echo');
    if (!focal) throw new Error('the server offered no tool with a JSON Schema 2020-12 inputSchema');
    await connection.callTool('json_schema_echo', { schema: focal.inputSchema });
    await connection.close();
  },
};

/** Every OAuth scenario a browser can play: connect, list, call, signing in when asked. */
async function authScenario() {
  const connection = await connect();
  await withSignIn(connection, 'tools/list', () => connection.refresh('tools'));
  await withSignIn(connection, 'tools/call', () => connection.callTool('test-tool', {}));
  await connection.close();
}

async function main() {
  document.getElementById('scenario')!.textContent = `${scenario} against ${serverUrl}`;
  sessionStorage.clear();
  const run = scenarios[scenario] ?? (scenario.startsWith('auth/') ? authScenario : useEverything);
  await run();
}

/**
 * Why the scenario needs what a web page cannot have, if it does: its
 * authorization server offers no grant a person completes in a browser
 * (`authorization_code`), only grants that need a backend credential (a
 * client secret, a private key, a workload or enterprise identity token).
 */
async function notForABrowser(): Promise<string | undefined> {
  const metadata = (await provider.discoveryState().catch(() => undefined))?.authorizationServerMetadata;
  const grants = metadata?.grant_types_supported;
  if (!grants || grants.includes('authorization_code')) return undefined;
  return `the authorization server offers only ${grants.join(', ')}: grants for a backend holding its own credential, with no person to sign in; a web page can keep no such secret`;
}

main().then(
  () => window.harnessDone?.({ ok: true }),
  async (error: unknown) => {
    const reason = await notForABrowser();
    if (reason) log(`not-for-a-browser: ${reason}`);
    const text =
      error instanceof OAuthSignInError
        ? `${error.kind}: ${error.message}`
        : error instanceof McpConnectionError
          ? `${error.kind}: ${error.message}`
          : String((error as Error)?.stack ?? error);
    log(`failed: ${text}`);
    window.harnessDone?.({ ok: false, error: text });
  },
);
