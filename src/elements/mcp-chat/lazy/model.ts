// What <mcp-chat> loads when a model is first used: the providers and the turn loop.
export { runTurn } from '../../../agent/run-turn.js';
export { fetchModelIds, providerFromConfig } from '../provider-factory.js';
