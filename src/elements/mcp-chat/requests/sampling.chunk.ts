// The sampling approval and its handling in the chat, loaded when a server first asks for a model answer.
import '../../mcp-sampling-approval/mcp-sampling-approval.js';
export { createSamplingHandler } from '../../mcp-sampling-approval/register-sampling-approval.js';
export { SamplingPolicies } from '../../mcp-sampling-approval/sampling-policies.js';
export { sampleInChat } from './sample-in-chat.js';
