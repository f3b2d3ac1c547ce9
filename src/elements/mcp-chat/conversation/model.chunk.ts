// What <mcp-chat> loads when a model is first used: the providers, the turn loop and the chat's turn code.
export { runTurn } from '../../../agent/run-turn.js';
export { fetchModelIds, providerFromConfig, qualityOffer } from '../model/provider-factory.js';
export { ChatTurn } from './chat-turn.js';
