// The chat's sync, as the first load carries it: nothing but the wait for
// `sync`. Once it is set (and the store in use is persistent), the sync chunk
// loads (the engine, the HTTP adapter and `SyncFeature`, which does the rest).
import { nothing, type ReactiveController } from 'lit';
import type { ChatStrings } from '../strings.js';
import type { ChatSyncHost } from './contract.js';
import type { Loader } from '../../shared/lazy.js';
import type * as SyncChunk from './sync.chunk.js';

export type { ChatSyncHost } from './contract.js';

export class ChatSync implements ReactiveController {
  readonly #host: ChatSyncHost;
  readonly #code: Loader<typeof SyncChunk>;
  #feature: InstanceType<typeof SyncChunk.SyncFeature> | undefined;
  #loading = false;

  constructor(host: ChatSyncHost, code: Loader<typeof SyncChunk>) {
    this.#host = host;
    this.#code = code;
    host.addController(this);
  }

  hostUpdated(): void {
    if (this.#feature || this.#loading || !this.#host.syncUrl || !this.#host.syncStore?.persistent) return;
    this.#loading = true;
    this.#code.load().then(
      ({ SyncFeature }) => {
        this.#feature = new SyncFeature(this.#host);
        this.#host.requestUpdate();
      },
      (error: unknown) => {
        this.#loading = false;
        this.#host.reportError('history', (error as Error).message, error);
      },
    );
  }

  /** The sync section of the Conversations panel (nothing until the sync's code is here). */
  renderSection(t: ChatStrings) {
    return this.#feature?.renderSection(t) ?? nothing;
  }
}
