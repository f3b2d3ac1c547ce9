// The page the conformance client drives in Chromium. It plays one scenario
// of @modelcontextprotocol/conformance against the server in `?server=`,
// with the project's OAuth provider; the Node driver (conformance/client.mjs)
// clicks "Sign in to <server>" whenever it appears, as a person would.
//
// The connection layer of src/mcp (McpConnection) has not landed yet: the
// page drives the SDK client directly, the way src/mcp will (one Client per
// server, versionNegotiation 'auto', the OAuth provider as authProvider).
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { BrowserOAuthProvider, OAuthSignInError } from '../../src/mcp/oauth/index.js';

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
/** Extensions for clients without a person (client credentials, enterprise token exchange). */
const SERVER_TO_SERVER = ['auth/client-credentials-', 'auth/cross-app-access-'];

const query = new URL(location.href).searchParams;
const serverUrl = query.get('server') ?? '';
const scenario = query.get('scenario') ?? '';
const context = JSON.parse(query.get('context') || '{}') as Record<string, string>;

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
  ...(scenario === 'auth/pre-registration' ? { clientId: context.client_id, clientSecret: context.client_secret } : {}),
});

/** Shows "Sign in to <server>" and resolves after the person's click completed sign-in. */
function askToSignIn(): Promise<void> {
  return new Promise((resolve, reject) => {
    const button = document.createElement('button');
    button.textContent = `Sign in to ${new URL(serverUrl).host}`;
    button.addEventListener('click', () => {
      button.remove();
      provider.signIn().then(resolve, reject);
    });
    document.getElementById('sign-in')!.append(button);
    log(`sign-in needed: ${provider.authorizationUrl?.searchParams.get('scope') ?? '(no scope)'}`);
  });
}

/** Runs `op`; when the server needs (more) authorization, signs in and runs it again. */
async function withSignIn<T>(what: string, op: () => Promise<T>): Promise<T> {
  for (let signIns = 0; ; signIns++) {
    try {
      const result = await op();
      log(`${what}: ok`);
      return result;
    } catch (error) {
      if (!(error instanceof UnauthorizedError) || !provider.authorizationUrl || signIns >= MAX_SIGN_INS) throw error;
      await askToSignIn();
    }
  }
}

function newClient(capabilities: Record<string, unknown> = {}) {
  return new Client(
    { name: 'mcp-elements-conformance', version: '0.1.0' },
    { capabilities, versionNegotiation: { mode: 'auto' } },
  );
}

async function connect(client: Client) {
  await withSignIn('connect', () => client.connect(new StreamableHTTPClientTransport(new URL(serverUrl), { authProvider: provider })));
  return client;
}

const scenarios: Record<string, () => Promise<void>> = {
  async initialize() {
    const client = await connect(newClient());
    await client.listTools();
    await client.close();
  },
  async tools_call() {
    const client = await connect(newClient());
    const { tools } = await client.listTools();
    for (const tool of tools) {
      if (tool.name === 'add_numbers') await client.callTool({ name: tool.name, arguments: { a: 5, b: 3 } });
    }
    await client.close();
  },
  async 'elicitation-sep1034-client-defaults'() {
    const client = newClient({ elicitation: { form: { applyDefaults: true } } });
    // Accept with nothing filled in: the schema's defaults must be applied.
    client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: {} }));
    await connect(client);
    await client.callTool({ name: 'test_client_elicitation_defaults', arguments: {} });
    await client.close();
  },
  async 'sse-retry'() {
    const client = await connect(newClient());
    await client.listTools();
    await client.callTool({ name: 'test_reconnection', arguments: {} });
    await client.close();
  },
};

/** Every OAuth scenario a browser can play: connect, list, call, signing in when asked. */
async function authScenario() {
  const client = await connect(newClient());
  await withSignIn('tools/list', () => client.listTools());
  await withSignIn('tools/call', () => client.callTool({ name: 'test-tool', arguments: {} }));
  await client.close();
}

async function main() {
  document.getElementById('scenario')!.textContent = `${scenario} against ${serverUrl}`;
  sessionStorage.clear();
  if (SERVER_TO_SERVER.some((prefix) => scenario.startsWith(prefix))) {
    throw new Error(`${scenario} is a server-to-server flow: a web page cannot hold its credentials (see expected-failures.json)`);
  }
  const run = scenarios[scenario] ?? (scenario.startsWith('auth/') ? authScenario : undefined);
  if (!run) throw new Error(`no handler for scenario ${scenario}`);
  await run();
}

main().then(
  () => window.harnessDone?.({ ok: true }),
  (error: unknown) => {
    const text = error instanceof OAuthSignInError ? `${error.code}: ${error.message}` : String((error as Error)?.stack ?? error);
    log(`failed: ${text}`);
    window.harnessDone?.({ ok: false, error: text });
  },
);
