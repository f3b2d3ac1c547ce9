// The elicitation form and its handling in the chat, loaded when a server first asks the person for input.
export { showElicitForm } from '../../mcp-elicit-form/show-elicit-form.js';
export { elicitInChat } from './elicit-in-chat.js';
