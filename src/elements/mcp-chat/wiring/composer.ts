// The composer's part of the chat's wiring: the attachments (the element's
// `attachments`), sending and stopping.
import type { ContentBlock } from '../../../content/index.js';
import type { Wiring } from './types.js';

/** The composer's members of the features' host. */
export function composerWiring(w: Wiring) {
  const { chat } = w;
  // The one place the element's `attachments` is written (the composer owns what is attached).
  const setAttachments = (blocks: ContentBlock[]) => (chat.attachments = blocks);
  return {
    get placeholder() {
      return chat.placeholder;
    },
    get attachments() {
      return chat.attachments;
    },
    setAttachments,
    attachBlocks: (blocks: ContentBlock[]) => setAttachments([...chat.attachments, ...blocks]),
    attachFiles: (files: File[]) => chat.attachFiles(files),
    send: (text: string, attachments: ContentBlock[]) => void chat.send(text, attachments),
    stop: () => chat.stop(),
    clearComposer: () => w.f.composer.clear(),
    focusComposer: () => w.f.composer.focus(),
  };
}
