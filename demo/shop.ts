// The shop page: a small shop (products, cart) whose page tools the chat
// uses next to the demo server's tools. The tools are registered on the
// page's WebMCP `document.modelContext` when the browser has it (Chromium
// with --enable-features=WebMCP), which `<mcp-chat page-tools>` imports and
// browser agents see too; otherwise they are given to the chat directly with
// `chat.registerTool`. Either way: same dictionary, same `signal` to withdraw.
import '../src/elements/mcp-chat/mcp-chat.js';
import { pageModelContext, type PageTool } from '../src/page-tools/index.js';
import { keepParamsInLinks, readChatParams } from './chat-params.js';

keepParamsInLinks();

interface Product {
  sku: string;
  name: string;
  price: number;
}

const PRODUCTS: Product[] = [
  { sku: 'MUG-RED', name: 'Red mug', price: 12 },
  { sku: 'MUG-BLUE', name: 'Blue mug', price: 12 },
  { sku: 'MUG-XL', name: 'Extra large mug', price: 18 },
  { sku: 'TEA-GREEN', name: 'Green tea, 100 g', price: 9 },
];
const cart = new Map<string, number>();
const money = new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' });

function renderShop(): void {
  const products = document.getElementById('products')!;
  products.replaceChildren(
    ...PRODUCTS.map((p) => {
      const li = document.createElement('li');
      const name = Object.assign(document.createElement('strong'), { textContent: p.name });
      const price = Object.assign(document.createElement('span'), {
        className: 'price',
        textContent: `${money.format(p.price)} · ${p.sku}`,
      });
      const add = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Add to cart' });
      add.setAttribute('aria-label', `Add ${p.name} to cart`);
      add.addEventListener('click', () => addToCart(p.sku, 1));
      li.append(name, price, add);
      return li;
    }),
  );
  const lines = document.getElementById('cart-lines')!;
  lines.replaceChildren(
    ...[...cart].map(([sku, quantity]) => {
      const product = PRODUCTS.find((p) => p.sku === sku)!;
      return Object.assign(document.createElement('li'), { textContent: `${quantity} × ${product.name}` });
    }),
  );
  document.getElementById('cart-total')!.textContent = cart.size ? `Total: ${money.format(cartView().total)}` : 'The cart is empty.';
}

function cartView() {
  const items = [...cart].map(([sku, quantity]) => {
    const product = PRODUCTS.find((p) => p.sku === sku)!;
    return { sku, name: product.name, quantity, price: product.price };
  });
  return { items, total: items.reduce((sum, i) => sum + i.quantity * i.price, 0) };
}

function addToCart(sku: string, quantity: number): ReturnType<typeof cartView> {
  const product = PRODUCTS.find((p) => p.sku.toLowerCase() === sku.toLowerCase());
  if (!product) throw new Error(`No product has the SKU ${sku}. Known SKUs: ${PRODUCTS.map((p) => p.sku).join(', ')}.`);
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > 20) throw new Error('The quantity must be a whole number from 1 to 20.');
  cart.set(product.sku, (cart.get(product.sku) ?? 0) + quantity);
  renderShop();
  return cartView();
}

const tools: PageTool[] = [
  {
    name: 'list_products',
    title: 'List products',
    description: 'The products of the shop with their SKU and price in euros.',
    annotations: { readOnlyHint: true },
    execute: () => ({ products: PRODUCTS }),
  },
  {
    name: 'add_to_cart',
    title: 'Add to cart',
    description: "Adds a product to the visitor's cart by its SKU (see list_products).",
    inputSchema: {
      type: 'object',
      properties: {
        sku: { type: 'string', description: 'The product SKU, e.g. MUG-RED' },
        quantity: { type: 'integer', minimum: 1, maximum: 20, default: 1 },
      },
      required: ['sku'],
    },
    // Not read-only: the chat asks the person before it runs.
    annotations: { readOnlyHint: false },
    execute: ({ sku, quantity }) => addToCart(String(sku ?? ''), quantity === undefined ? 1 : Number(quantity)),
  },
  {
    name: 'show_cart',
    title: 'Show the cart',
    description: "What is in the visitor's cart, and the total in euros.",
    annotations: { readOnlyHint: true },
    execute: () => {
      document.getElementById('cart-title')!.scrollIntoView({ behavior: 'smooth', block: 'center' });
      return cartView();
    },
  },
];

const chat = document.querySelector('mcp-chat')!;
const { servers, provider } = readChatParams();
chat.servers = servers;
if (provider) chat.provider = provider;
renderShop();

// Withdrawn together when the page goes away (or call pageTools.abort() to withdraw them earlier).
const pageTools = new AbortController();
const modelContext = pageModelContext();
const target: { registerTool(tool: PageTool, options: { signal: AbortSignal }): unknown } = modelContext ?? chat;
const status = document.getElementById('webmcp-status')!;
status.textContent = modelContext
  ? 'The tools are on this page’s WebMCP (document.modelContext): the chat and browser agents see them.'
  : 'This browser has no WebMCP: the tools are given to the chat directly (chat.registerTool).';
for (const tool of tools) {
  void Promise.resolve(target.registerTool(tool, { signal: pageTools.signal })).catch((error: unknown) => {
    status.textContent = `The tool ${tool.name} could not be registered: ${error instanceof Error ? error.message : String(error)}`;
  });
}
addEventListener('pagehide', () => pageTools.abort());
