// The chat's frame painted by the page file itself (src/bundle-loader.ts), in
// the first few kilobytes a page downloads, before Lit and the chat's code
// arrive: the header, the empty conversation and a composer a person can
// already type in. It is the server-rendered placeholder's frame
// (chat-placeholder.ts: the same classes and stylesheet), built with DOM calls
// (no HTML parsing: a page that enforces Trusted Types allows it), with a real
// textarea. When the chat has rendered, `adoptEarlyFrame` moves what was typed
// (and the focus, if it was there) into the chat's own composer and removes
// the frame. Frames a server rendered are left as they are.
import { CHAT_PLACEHOLDER_ATTRIBUTES, CHAT_PLACEHOLDER_CSS } from './chat-placeholder.js';

const MARK = 'data-mcp-early-frame';
const SVG = 'http://www.w3.org/2000/svg';
const PAPERCLIP = 'm21.44 11.05-9.19 9.19a6 6 0 0 1-8.49-8.49l8.57-8.57A4 4 0 1 1 18 8.84l-8.59 8.57a2 2 0 0 1-2.83-2.83l8.49-8.48';
const BUBBLE = 'M7.9 20A9 9 0 1 0 4 16.1L2 22Z';

/** The frame's words in the chat's two built-in languages (strings.ts, strings-ar.ts). */
const WORDS = {
  en: { title: 'Chat', hint: 'Message, or type / for tools', label: 'Message' },
  ar: { title: 'محادثة', hint: 'رسالة، أو اكتب / للأدوات', label: 'رسالة' },
};

const EXTRA_CSS =
  'mcp-chat>.mcp-chat-placeholder .mcpp-input{flex:1;min-width:0;margin:0;padding:7px 4px;border:0;outline:0;resize:none;background:transparent;font:inherit;color:inherit;line-height:1.4;height:2.2em;overflow:hidden}' +
  'mcp-chat>.mcp-chat-placeholder .mcpp-input::placeholder{color:var(--_mcpp-color-muted);opacity:1}' +
  'mcp-chat>.mcp-chat-placeholder .mcpp-composer:focus-within{border-color:var(--_mcpp-color-accent);box-shadow:0 0 0 3px color-mix(in srgb,var(--_mcpp-color-accent) 22%,transparent)}';

function svg(path: string): SVGSVGElement {
  const icon = document.createElementNS(SVG, 'svg');
  icon.setAttribute('viewBox', '0 0 24 24');
  icon.setAttribute('aria-hidden', 'true');
  const line = document.createElementNS(SVG, 'path');
  line.setAttribute('d', path);
  icon.append(line);
  return icon;
}

function div(className: string, ...children: Node[]): HTMLDivElement {
  const el = document.createElement('div');
  el.className = className;
  el.append(...children);
  return el;
}

/** The frame for one chat: its words follow the chat's language (`lang` on it or an ancestor). */
function frameFor(chat: Element): HTMLElement {
  const lang = (chat.closest('[lang]')?.getAttribute('lang') ?? '').toLowerCase();
  const words = lang.startsWith('ar') ? WORDS.ar : WORDS.en;
  const title = document.createElement('span');
  title.className = 'mcpp-title';
  title.textContent = words.title;
  const input = document.createElement('textarea');
  input.className = 'mcpp-input';
  input.rows = 1;
  input.setAttribute('aria-label', words.label);
  input.placeholder = chat.getAttribute('placeholder') ?? words.hint;
  const send = document.createElement('span');
  send.className = 'mcpp-send';
  const launcher = document.createElement('span');
  launcher.className = 'mcpp-launcher';
  launcher.append(svg(BUBBLE));
  const wrapper = div(
    CHAT_PLACEHOLDER_ATTRIBUTES.class,
    div('mcpp-frame', div('mcpp-header', title), div(''), div('mcpp-bottom', div('mcpp-composer', svg(PAPERCLIP), input, send))),
    launcher,
  );
  wrapper.slot = CHAT_PLACEHOLDER_ATTRIBUTES.slot;
  wrapper.setAttribute(MARK, '');
  return wrapper;
}

/** The frame's textarea that last had the focus (kept when the focus left it only because the frame stopped showing). */
let focused: HTMLTextAreaElement | undefined;

/** Paints the frame into every `<mcp-chat>` on the page that is not defined yet and has no placeholder. */
export function paintEarlyFrames(): void {
  if (typeof document === 'undefined' || customElements.get('mcp-chat')) return;
  const chats = [...document.querySelectorAll('mcp-chat')].filter((chat) => !chat.querySelector(':scope > .mcp-chat-placeholder'));
  if (!chats.length) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(CHAT_PLACEHOLDER_CSS + EXTRA_CSS);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  for (const chat of chats) {
    const frame = frameFor(chat);
    frame.addEventListener('focusin', (event) => (focused = event.target as HTMLTextAreaElement));
    frame.addEventListener('focusout', (event) => {
      // Moving to another element is the person's choice; losing it to nothing may be the chat taking over.
      if ((event as FocusEvent).relatedTarget) focused = undefined;
    });
    chat.append(frame);
  }
}

/**
 * Once `<mcp-chat>` is defined: for each chat with an early frame, waits for
 * its first render, puts the frame's text in the chat's composer (an `input`
 * event, so "/" opens the palette as typed), gives it the focus if the frame
 * had it, and removes the frame.
 */
export async function adoptEarlyFrames(): Promise<void> {
  await customElements.whenDefined('mcp-chat');
  for (const frame of document.querySelectorAll<HTMLElement>(`mcp-chat > [${MARK}]`)) {
    const chat = frame.parentElement as HTMLElement & { updateComplete?: Promise<unknown> };
    await chat.updateComplete;
    const early = frame.querySelector('textarea');
    const composer = chat.shadowRoot?.querySelector<HTMLTextAreaElement>('textarea.input');
    if (early && composer) {
      if (early.value && !composer.value) {
        composer.value = early.value;
        composer.setSelectionRange(early.selectionStart, early.selectionEnd);
        composer.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
      }
      if (focused === early) composer.focus();
    }
    frame.remove();
  }
}
