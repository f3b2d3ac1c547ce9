import { createApp } from 'vue';
import 'mcp-web-elements/elements'; // defines <mcp-chat> and its siblings
import App from './App.vue';

createApp(App).mount('#app');
