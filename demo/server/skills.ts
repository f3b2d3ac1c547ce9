import { createHash } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

/** The Skills extension (SEP-2640, modelcontextprotocol/ext-skills `specification/stable/skills.mdx`). */
export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';

export interface DemoSkill {
  /** `skill://<path>/SKILL.md`: the last path segment is the skill's name. */
  path: string;
  name: string;
  description: string;
  body: string;
}

/** Two small skills about this server's own tools (Agent Skills format: YAML frontmatter, then markdown). */
const SKILLS: DemoSkill[] = [
  {
    path: 'demo-tour',
    name: 'demo-tour',
    description: 'Show a person around this demo server: which tool to try first and what each one demonstrates.',
    body: [
      '# A tour of the demo server',
      '',
      '1. Call `echo` with a short message: it answers with the same text.',
      '2. Call `weather` for a city: the answer has structured content checked against its output schema.',
      '3. Call `long-task` with `steps: 3`: it reports progress and can be stopped.',
      '4. Call `register-form`: the server asks the person to fill in a form (elicitation).',
      '',
      'Say what each step shows before running it.',
    ].join('\n'),
  },
  {
    path: 'games/tic-tac-toe-coach',
    name: 'tic-tac-toe-coach',
    description: 'Coach a person through a game of tic-tac-toe against the model with the tic-tac-toe tool.',
    body: [
      '# Tic-tac-toe coach',
      '',
      'Start a game with the `tic-tac-toe` tool. Before each move, name the square that wins or blocks, if any.',
    ].join('\n'),
  },
];

function skillText(skill: DemoSkill): string {
  return `---\nname: ${skill.name}\ndescription: ${skill.description}\n---\n\n${skill.body}\n`;
}

function entry(skill: DemoSkill) {
  const uri = `skill://${skill.path}/SKILL.md`;
  const bytes = Buffer.from(skillText(skill), 'utf8');
  return {
    uri,
    frontmatter: { name: skill.name, description: skill.description },
    resources: [{ uri, digest: `sha256:${createHash('sha256').update(bytes).digest('hex')}`, size: bytes.length }],
  };
}

/** What `capabilities.extensions` carries for the Skills extension. */
export function skillsCapability(): Record<string, Record<string, never>> {
  return { [SKILLS_EXTENSION]: {} };
}

/**
 * The Skills extension: `skills/list`, `skills/get`, and each `SKILL.md` as a
 * `skill://` resource (read with `resources/read`). Both eras. `skills`: the
 * demo's two by default (a test may give its own, e.g. a hostile one).
 */
export function registerSkills(server: McpServer, skills: readonly DemoSkill[] = SKILLS): void {
  for (const skill of skills) {
    const uri = `skill://${skill.path}/SKILL.md`;
    server.registerResource(
      skill.name,
      uri,
      { title: skill.name, description: skill.description, mimeType: 'text/markdown' },
      async () => ({
        contents: [{ uri, mimeType: 'text/markdown', text: skillText(skill) }],
      }),
    );
  }
  const cache = { ttlMs: 60_000, cacheScope: 'public' as const };
  server.server.setRequestHandler('skills/list', { params: z.object({ cursor: z.string().optional() }).passthrough() }, async () => ({
    skills: skills.map(entry),
    ...cache,
  }));
  server.server.setRequestHandler('skills/get', { params: z.object({ uri: z.string() }).passthrough() }, async ({ uri }) => {
    const skill = skills.find((s) => `skill://${s.path}/SKILL.md` === uri);
    // -32602 (Invalid params) for a URI that is not one of this server's skills, as resources/read does.
    if (!skill) throw Object.assign(new Error(`No skill at ${uri}.`), { code: -32602 });
    return { skill: entry(skill), ...cache };
  });
}
