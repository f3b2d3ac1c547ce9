// The side panels (conversations, servers, settings, resources) and the Conversations panel's list: loaded when one is first opened.
export { renderConversationsPanel } from '../conversations/conversations-panel.js';
export { renderResourcesPanel } from '../resources/resources-panel.js';
export { renderServersPanel } from '../servers/servers-panel.js';
export { addServer, removeServer, restoreServer } from '../servers/server-edit-actions.js';
export { renderPageToolsSection } from '../page-tools/page-tools-section.js';
export { renderModelSettingsPanel } from '../model/model-settings-panel.js';
export { panelContentStyles } from './panel-content.styles.js';
export { ConversationList } from '../conversations/conversation-list.js';
