/**
 * The connection-status page: one section per MCP server with its state, era,
 * protocol version and catalogs. Everything a server sends is shown as text
 * (textContent), never as HTML.
 */
import { McpConnection } from '../src/mcp/index.js';
import { DEFAULT_SERVER, keepParamsInLinks } from './chat-params.js';

keepParamsInLinks();
const servers = new URLSearchParams(location.search).getAll('server').filter(Boolean);
const root = document.getElementById('servers');
if (!root) throw new Error('#servers is missing');

function el<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function fact(list: HTMLDListElement, term: string): HTMLElement {
  list.append(el('dt', term));
  const value = el('dd');
  list.append(value);
  return value;
}

function catalog(container: HTMLElement, title: string, items: { label: string; detail?: string }[]): void {
  const section = el('section');
  section.append(el('h3', `${title} (${items.length})`));
  if (items.length === 0) section.append(el('p', 'none', 'muted'));
  const list = el('ul');
  for (const item of items) {
    const li = el('li');
    li.append(el('code', item.label));
    if (item.detail) li.append(document.createTextNode(` — ${item.detail}`));
    list.append(li);
  }
  section.append(list);
  container.append(section);
}

function show(url: string): void {
  const section = el('section', undefined, 'server');
  const heading = el('h2', url);
  section.setAttribute('aria-label', `Server ${url}`);
  const facts = el('dl', undefined, 'facts');
  const state = fact(facts, 'State');
  state.className = 'state';
  const era = fact(facts, 'Era');
  const version = fact(facts, 'Protocol version');
  const server = fact(facts, 'Server');
  const error = el('p', undefined, 'error');
  error.setAttribute('role', 'alert');
  const catalogs = el('div', undefined, 'catalogs');
  section.append(heading, facts, error, catalogs);
  root?.append(section);

  let connection: McpConnection;
  try {
    connection = new McpConnection({ url });
  } catch {
    state.textContent = 'failed';
    state.dataset.state = 'failed';
    error.textContent = `Not a valid server address: ${url}`;
    return;
  }
  const render = () => {
    heading.textContent = `${connection.name} — ${url}`;
    state.textContent = connection.state;
    state.dataset.state = connection.state;
    era.textContent = connection.getProtocolEra() ?? '—';
    version.textContent = connection.protocolVersion ?? '—';
    const info = connection.serverInfo;
    server.textContent = info ? `${info.name} ${info.version}` : '—';
    error.textContent = connection.error?.message ?? '';
    catalogs.replaceChildren();
    if (connection.state !== 'connected' && connection.state !== 'reconnecting') return;
    catalog(
      catalogs,
      'Tools',
      connection.tools.map((t) => ({ label: t.name, detail: t.title ?? t.description })),
    );
    catalog(
      catalogs,
      'Prompts',
      connection.prompts.map((p) => ({ label: p.name, detail: p.title ?? p.description })),
    );
    catalog(
      catalogs,
      'Resources',
      connection.resources.map((r) => ({ label: r.uri, detail: r.title ?? r.name })),
    );
    catalog(
      catalogs,
      'Resource templates',
      connection.resourceTemplates.map((t) => ({ label: t.uriTemplate, detail: t.title ?? t.name })),
    );
  };
  connection.addEventListener('mcp-connection-change', render);
  connection.addEventListener('mcp-catalog-change', render);
  render();
  // The error is rendered from connection.error; nothing else to do here.
  connection.connect().catch(() => {});
}

for (const url of servers.length > 0 ? servers : [DEFAULT_SERVER]) show(url);
