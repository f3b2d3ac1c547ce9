// The Skills extension's name and the check of a server's declaration, alone
// in their module: McpConnection needs them at connect (`supportsSkills`),
// while listing and loading skills (skills.ts) is loaded at the first
// `listSkills()` or `loadSkill()` of a server that declares it (in the
// single-file bundle, a chunk of its own: docs/performance.md).

/** The extension's identifier in `capabilities.extensions` (SEP-2640). */
export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';

/** Whether the server declared the Skills extension. */
export function declaresSkills(capabilities: { extensions?: Record<string, unknown> } | undefined): boolean {
  const declared = capabilities?.extensions?.[SKILLS_EXTENSION];
  return declared !== undefined && declared !== null && typeof declared === 'object';
}
