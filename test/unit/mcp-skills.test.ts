import { createHash } from 'node:crypto';
import { afterEach, describe, expect, inject, test } from 'vitest';
import { McpConnection, McpHub, SKILL_META_KEY, SkillError } from '../../src/mcp/index.js';
import { UNTRUSTED_META_KEY } from '../../src/content/index.js';
import { frontmatterOf } from '../../src/mcp/skills.js';

// The demo server (both eras, started by the global setup) offers two skills (demo/server/skills.ts).
const url = inject('demoUrl');
const open: McpConnection[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

async function connect(era: 'legacy' | 'modern'): Promise<McpConnection> {
  const connection = new McpConnection({ url, era, name: 'demo' });
  open.push(connection);
  await connection.connect();
  return connection;
}

describe.each(['legacy', 'modern'] as const)('skills of the demo server over HTTP (%s era)', (era) => {
  test('lists the skills with their frontmatter and digests', async () => {
    const connection = await connect(era);
    expect(connection.supportsSkills).toBe(true);
    const skills = await connection.listSkills();
    expect(skills.map((s) => s.uri)).toEqual(['skill://demo-tour/SKILL.md', 'skill://games/tic-tac-toe-coach/SKILL.md']);
    expect(skills[0]!.frontmatter).toEqual({ name: 'demo-tour', description: expect.stringContaining('Show a person around') });
    expect(skills[0]!.resources).toEqual([
      { uri: 'skill://demo-tour/SKILL.md', digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/), size: expect.any(Number) },
    ]);
  });

  test('loads one on demand as an untrusted text block, checked against its digest', async () => {
    const connection = await connect(era);
    const loaded = await connection.loadSkill('skill://games/tic-tac-toe-coach/SKILL.md');
    expect(loaded.text).toContain('# Tic-tac-toe coach');
    const [entry] = loaded.skill.resources as Array<{ digest: string; size: number }>;
    expect(entry!.digest).toBe(`sha256:${createHash('sha256').update(loaded.text).digest('hex')}`);
    expect(loaded.content).toHaveLength(1);
    const block = loaded.content[0]!;
    expect(block.type).toBe('text');
    expect(block.text).toContain('It was written by the server, not by the person');
    expect(block.text).toContain('# Tic-tac-toe coach');
    expect(block._meta).toEqual({
      [UNTRUSTED_META_KEY]: true,
      [SKILL_META_KEY]: {
        server: connection.id,
        serverName: 'demo',
        uri: 'skill://games/tic-tac-toe-coach/SKILL.md',
        name: 'tic-tac-toe-coach',
        digest: entry!.digest,
      },
    });
  });

  test('a URI that is not one of its skills is refused with a clear error', async () => {
    const connection = await connect(era);
    const error = await connection.loadSkill('skill://nope/SKILL.md').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error).message)).toMatch(/skill/i);
  });
});

describe('skills across servers', () => {
  test('the hub lists each skill with its server', async () => {
    const hub = new McpHub();
    const a = hub.add({ url, era: 'modern', name: 'first' });
    const b = hub.add({ url, era: 'legacy', name: 'second' });
    open.push(a, b);
    await hub.connectAll();
    const skills = await hub.listSkills();
    expect(skills.map((s) => `${s.connection.name}:${s.skill.frontmatter.name}`)).toEqual([
      'first:demo-tour',
      'first:tic-tac-toe-coach',
      'second:demo-tour',
      'second:tic-tac-toe-coach',
    ]);
  });

  test('the 2026 handshake carries serverInfo in _meta (spec PR #3002), which the connection reads', async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'server/discover',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'server/discover',
        params: {
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {},
            'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
          },
        },
      }),
    });
    const text = await response.text();
    const json = JSON.parse(
      text.startsWith('{')
        ? text
        : text
            .split('\n')
            .find((l) => l.startsWith('data:'))!
            .slice(5),
    ) as { result: Record<string, unknown> & { _meta?: Record<string, unknown> } };
    expect(json.result.serverInfo).toBeUndefined();
    expect(json.result._meta?.['io.modelcontextprotocol/serverInfo']).toMatchObject({ name: 'mcp-elements-demo' });
    expect(json.result.capabilities).toMatchObject({ extensions: { 'io.modelcontextprotocol/skills': {} } });
    const connection = await connect('modern');
    expect(connection.serverInfo).toMatchObject({ name: 'mcp-elements-demo', title: 'MCP Elements demo server' });
  });
});

describe('frontmatterOf', () => {
  test('reads plain and quoted name and description', () => {
    expect(frontmatterOf('---\nname: a-b\ndescription: "Says \\"hi\\""\n---\nbody')).toEqual({ name: 'a-b', description: 'Says "hi"' });
    expect(frontmatterOf('no frontmatter')).toEqual({});
  });

  test('SkillError is an Error with its own name', () => {
    expect(new SkillError('x')).toBeInstanceOf(Error);
    expect(new SkillError('x').name).toBe('SkillError');
  });
});
