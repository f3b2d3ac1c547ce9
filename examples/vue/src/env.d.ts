// Typed <mcp-*> tags in templates (Volar, vue-tsc): attributes, properties and `@mcp-*` events.
import type {} from 'mcp-web-elements/vue';
