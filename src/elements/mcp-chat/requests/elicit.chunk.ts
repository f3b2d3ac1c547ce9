// The elicitation form, loaded when a server first asks the person for input.
export { showElicitForm } from '../../mcp-elicit-form/show-elicit-form.js';
