import { mount } from 'svelte';
import 'mcp-web-elements/elements'; // defines <mcp-chat> and its siblings
import App from './App.svelte';

mount(App, { target: document.getElementById('app')! });
