// The floor (bench/load.mjs): the least any MCP chat widget must load and do
// to show a server's tools. A minimal Lit element (header, "connecting…",
// then "N tools") and a bare SDK Client over Streamable HTTP per server: no
// markdown, no history, no models, no error handling beyond a line of text.
// `server` holds one URL, or several separated by spaces (the 20-server
// figure): each gets its own Client, all connect at once, and the element says
// "N connected" once each has listed its tools.
import { LitElement, css, html } from 'lit';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

class FloorChat extends LitElement {
  static override properties = { server: {}, status: { state: true }, tools: { state: true }, connected: { state: true } };
  static override styles = css`
    :host { display: block; font: 15px system-ui; border: 1px solid #ddd; border-radius: 12px; height: 600px; }
    header { padding: 12px; border-bottom: 1px solid #ddd; }
    textarea { width: 90%; margin: 12px; }
  `;
  declare server: string;
  declare status: string;
  declare tools: string[];
  declare connected: number;

  constructor() {
    super();
    this.status = 'connecting…';
    this.tools = [];
    this.connected = 0;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    for (const url of this.server.split(/\s+/).filter(Boolean)) void this.#connect(url);
  }

  async #connect(url: string): Promise<void> {
    try {
      const client = new Client({ name: 'floor', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      const { tools } = await client.listTools();
      this.tools = [...this.tools, ...tools.map((t) => t.name)];
      this.connected += 1;
      this.status = 'connected';
    } catch (error) {
      this.status = `failed: ${String(error)}`;
    }
  }

  override render() {
    return html`<header>Chat <span class="status">${this.status}</span></header>
      <p class="tools">${this.tools.length ? `${this.tools.length} tools` : ''}</p>
      <p class="connected">${this.connected} connected</p>
      <textarea aria-label="Message"></textarea>`;
  }
}
customElements.define('floor-chat', FloorChat);
