import { expect, inject } from 'vitest';
import { McpConnection } from '../../src/mcp/connection.js';
import { InputRouter } from '../../src/mcp/input-router.js';
import { registerElicitForm } from '../../src/elements/mcp-elicit-form/show-elicit-form.js';

/** A connection to the demo server whose elicitations `<mcp-elicit-form>` shows; `unregister` takes the form's handler away. */
export interface ElicitSetup {
  connection: McpConnection;
  unregister: () => void;
}

/**
 * The elicitation tests' wiring (elicit-demo, elicit-files): the project's connection layer to the demo server in
 * `era`, through an input router whose elicitation handler shows `<mcp-elicit-form>` in `container`. Checks the era
 * the server agreed to; when connecting fails, undoes both before throwing (the test's cleanup gets nothing to close).
 */
export async function connectElicitForms(container: HTMLElement, era: 'legacy' | 'modern'): Promise<ElicitSetup> {
  const router = new InputRouter();
  const unregister = registerElicitForm(router, container);
  const connection = new McpConnection({ url: inject('demoUrl'), era }, { router });
  try {
    await connection.connect();
    expect(connection.getProtocolEra()).toBe(era);
  } catch (error) {
    unregister();
    await connection.close();
    throw error;
  }
  return { connection, unregister };
}
