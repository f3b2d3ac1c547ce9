#!/usr/bin/env node
// The client command the conformance suite runs for each scenario:
//   exec node conformance/client.mjs <server-url>
// (scenario in MCP_CONFORMANCE_SCENARIO, extra data in MCP_CONFORMANCE_CONTEXT,
// the era in MCP_CONFORMANCE_PROTOCOL_VERSION).
// It asks the player conformance/run.mjs started (MCP_PLAYER_URL,
// conformance/browser.mjs) to play the scenario in a fresh context of the
// shared Chromium, prints the page's lines as they come, and exits 0 when the
// page reports success. It loads nothing but Node itself: the suite starts one
// per run. Run on its own with MCP_HARNESS_DIR, it starts its own browser. On
// SIGTERM (a timed-out scenario) its request ends and the player closes the
// context.
import { request } from 'node:http';

const serverUrl = process.argv.at(-1);
const params = {
  server: serverUrl,
  scenario: process.env.MCP_CONFORMANCE_SCENARIO ?? '',
  era: process.env.MCP_CONFORMANCE_PROTOCOL_VERSION ?? '',
  context: process.env.MCP_CONFORMANCE_CONTEXT ?? '',
};
if (!serverUrl || !(process.env.MCP_PLAYER_URL || process.env.MCP_HARNESS_DIR)) {
  console.error('usage: MCP_HARNESS_DIR=<built harness> node conformance/client.mjs <server-url>');
  process.exit(2);
}

/** Plays through the shared player; resolves with the outcome it ends with. */
function askPlayer(playerUrl) {
  return new Promise((resolve, reject) => {
    const req = request(playerUrl, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      res.setEncoding('utf8');
      let pending = '';
      let outcome = { ok: false, error: 'the player ended without an outcome' };
      res.on('data', (chunk) => {
        const lines = (pending + chunk).split('\n');
        pending = lines.pop();
        for (const line of lines) {
          if (line.startsWith('outcome ')) outcome = JSON.parse(line.slice('outcome '.length));
          else console.log(line);
        }
      });
      res.on('end', () => resolve(outcome));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(JSON.stringify(params));
  });
}

let result;
if (process.env.MCP_PLAYER_URL) {
  result = await askPlayer(process.env.MCP_PLAYER_URL);
} else {
  const { startHarnessBrowser } = await import('./browser.mjs');
  const own = await startHarnessBrowser(process.env.MCP_HARNESS_DIR);
  try {
    result = await own.play(params, (line) => console.log(line));
  } finally {
    await own.close();
  }
}
console.log(result.ok ? `[client] ${params.scenario}: done` : `[client] ${params.scenario}: ${result.error}`);
process.exit(result.ok ? 0 : 1);
