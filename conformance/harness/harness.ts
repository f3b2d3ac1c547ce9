// The page the conformance client drives in Chromium. It plays one scenario
// of @modelcontextprotocol/conformance against the server in `?server=`
// through the project's own client: McpConnection (src/mcp) with
// BrowserOAuthProvider as its authProvider. When the connection needs sign-in
// (state `auth-required`, McpConnectionError kind `auth-required`) the page
// shows "Sign in to <server>"; the Node driver (conformance/client.mjs) clicks
// it as a person would, and the click calls `connection.signIn()`.
import { BrowserOAuthProvider, McpConnection, McpConnectionError, McpErrorKind, OAuthSignInError, type McpConnectionConfig } from '../../src/mcp/index.js';

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
    const text =
      error instanceof OAuthSignInError
        ? `${error.code}: ${error.message}`
        : error instanceof McpConnectionError
          ? `${error.kind}: ${error.message}`
          : String((error as Error)?.stack ?? error);
    log(`failed: ${text}`);
    window.harnessDone?.({ ok: false, error: text });
  },
);
