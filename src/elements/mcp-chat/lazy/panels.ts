// The side panels (conversations, servers, settings, resources) and the Conversations panel's list: loaded when one is first opened.
export { renderConversationsPanel } from '../panels/conversations-panel.js';
export { renderResourcesPanel } from '../panels/resources-panel.js';
export { renderServersPanel } from '../panels/servers-panel.js';
export { renderSettingsPanel } from '../panels/settings-panel.js';
export { panelContentStyles } from '../panels/panel-content.styles.js';
export { ConversationList } from '../controllers/conversation-list.js';
