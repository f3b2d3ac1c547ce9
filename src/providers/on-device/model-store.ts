/**
 * Where an on-device model file is kept, and how it gets there: downloaded
 * once, after the person agreed, into the origin's private file system
 * (OPFS), checked, and read from there on every later visit.
 *
 * - **Checked before use.** The file must have the pinned size and, when the
 *   owner (or the built-in default) pins one, the pinned SHA-256. The hash is
 *   computed as the chunks arrive (sha256.ts), so the check needs no second
 *   read. A file that fails is deleted and refused in words.
 * - **Resumed.** A download cut by the network is continued with an HTTP
 *   `Range` request from where it stopped (a server that ignores `Range` sends
 *   the whole file again, and the download restarts cleanly); a few cuts in a
 *   row are retried without the person doing anything, and a partial file
 *   left by a closed page is continued by the next download.
 * - **One download per device.** A Web Lock per model: a second tab (or a
 *   second chat) that asks while one downloads waits for it and follows its
 *   progress (a BroadcastChannel), then finds the file stored.
 * - **Space.** Checked before the first byte (`navigator.storage.estimate()`),
 *   and a refused write (`QuotaExceededError`) is said in words.
 * - **Cross-Origin Storage** (`navigator.crossOriginStorage`, where a browser
 *   has it): a model pinned by SHA-256 is first looked for there (one download
 *   serves every site that uses the same file) and put there after a checked
 *   download; the origin's own storage is used otherwise.
 */
import { Sha256 } from './sha256.js';

/** Where a model comes from and what it must be. */
export interface ModelSource {
  url: string;
  /** Exact size in bytes, when known (pinned). */
  size?: number;
  /** SHA-256 of the file, 64 hex digits, when pinned. */
  sha256?: string;
}

/** Why a download failed, for the provider's words. */
export type StoreFailure =
  | { kind: 'http'; status: number }
  | { kind: 'unreachable' }
  | { kind: 'cut'; loaded: number }
  | { kind: 'no-length' }
  | { kind: 'size'; expected: number; actual: number }
  | { kind: 'hash' }
  | { kind: 'quota'; needed: number; free?: number }
  | { kind: 'storage'; message: string };

/** A download that failed; `failure` says how. */
export class ModelStoreError extends Error {
  override name = 'ModelStoreError';
  constructor(
    readonly failure: StoreFailure,
    options?: { cause?: unknown },
  ) {
    super(failure.kind, options);
  }
}

/** Progress of a download (`other`: it runs in another tab or chat of this site). */
export interface StoreProgress {
  loaded: number;
  total: number;
  other?: boolean;
}

const DIR = 'mcp-web-elements-models';
/** Cuts in a row that are continued without the person (each after a short pause). */
const RESUMES = 3;
/** Bytes a stored model may share its disk with (kept free besides the model). */
const SPARE = 16 * 1024 * 1024;

/** The key a model is stored under: its SHA-256 when pinned, else a hash of its URL. */
export function modelKey(source: ModelSource): string {
  return source.sha256
    ? `sha256-${source.sha256.toLowerCase()}`
    : `url-${new Sha256().update(new TextEncoder().encode(source.url)).hex().slice(0, 32)}`;
}

const directory = async () => (await navigator.storage.getDirectory()).getDirectoryHandle(DIR, { create: true });
const fileIn = async (dir: FileSystemDirectoryHandle, name: string) => {
  try {
    return await (await dir.getFileHandle(name)).getFile();
  } catch {
    return undefined;
  }
};

interface Marker {
  size: number;
  sha256?: string;
}

/** The stored, checked model file, or undefined when there is none. */
export async function storedModel(source: ModelSource): Promise<Blob | undefined> {
  const key = modelKey(source);
  const shared = await fromCrossOriginStorage(source);
  if (shared) return shared;
  const dir = await directory();
  const markerFile = await fileIn(dir, `${key}.json`);
  if (!markerFile) return undefined;
  let marker: Marker;
  try {
    marker = JSON.parse(await markerFile.text()) as Marker;
  } catch {
    return undefined;
  }
  const file = await fileIn(dir, `${key}.gguf`);
  if (!file || file.size !== marker.size || (source.size !== undefined && source.size !== marker.size)) return undefined;
  if (source.sha256 && marker.sha256 !== source.sha256.toLowerCase()) return undefined;
  return file;
}

/** Deletes the stored model and any partial download of it. */
export async function removeModel(source: ModelSource): Promise<void> {
  const key = modelKey(source);
  const dir = await directory();
  for (const name of [`${key}.json`, `${key}.gguf`]) await dir.removeEntry(name).catch(() => {});
}

/** Bytes of a partial download left from before (continued by the next download), 0 when none. */
export async function partialBytes(source: ModelSource): Promise<number> {
  const dir = await directory();
  if (await fileIn(dir, `${modelKey(source)}.json`)) return 0;
  return (await fileIn(dir, `${modelKey(source)}.gguf`))?.size ?? 0;
}

/**
 * Downloads the model unless it is stored, checks it, and resolves with the
 * stored file. Only one download per model runs on this device at a time: a
 * second call (another tab) waits for the first and reports its progress.
 * @throws {ModelStoreError} with what went wrong; an `AbortError` DOMException when `signal` aborts.
 */
export async function downloadModel(
  source: ModelSource,
  options: { signal?: AbortSignal; onProgress?: (p: StoreProgress) => void } = {},
): Promise<Blob> {
  const key = modelKey(source);
  const lockName = `mcp-web-elements:model:${key}`;
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  if (!locks) return download(source, key, options);
  // Somebody else (another tab, another chat) is downloading this model: follow its progress.
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(lockName) : undefined;
  let mine = false;
  if (channel) channel.onmessage = (event: MessageEvent<StoreProgress>) => !mine && options.onProgress?.({ ...event.data, other: true });
  try {
    return await locks.request(lockName, { signal: options.signal }, async () => {
      mine = true;
      const stored = await storedModel(source);
      if (stored) return stored;
      return download(source, key, {
        signal: options.signal,
        onProgress: (p) => {
          options.onProgress?.(p);
          channel?.postMessage(p);
        },
      });
    });
  } finally {
    channel?.close();
  }
}

async function download(
  source: ModelSource,
  key: string,
  options: { signal?: AbortSignal; onProgress?: (p: StoreProgress) => void },
): Promise<Blob> {
  const { signal } = options;
  const dir = await directory();
  await dir.removeEntry(`${key}.json`).catch(() => {});
  const handle = await dir.getFileHandle(`${key}.gguf`, { create: true });
  // The pinned size is known: a device without the room hears it before any byte is fetched.
  if (source.size !== undefined && (await handle.getFile()).size === 0) await checkSpace(source.size);
  let cuts = 0;
  for (;;) {
    signal?.throwIfAborted();
    let have = (await handle.getFile()).size;
    if (source.size !== undefined && have > source.size) have = 0;
    let response: Response;
    try {
      response = await fetch(source.url, { signal, headers: have ? { range: `bytes=${have}-` } : {}, cache: 'no-store' });
    } catch (error) {
      signal?.throwIfAborted();
      throw new ModelStoreError({ kind: 'unreachable' }, { cause: error });
    }
    // 416: the partial file is already whole (or the server disagrees): start again from nothing.
    if (response.status === 416) {
      await truncate(handle, 0);
      if (++cuts > RESUMES) throw new ModelStoreError({ kind: 'http', status: 416 });
      continue;
    }
    if (!response.ok) throw new ModelStoreError({ kind: 'http', status: response.status });
    // A 206 answers the range asked for (`bytes=have-`); where CORS hides Content-Range, that is all we know.
    const rangeStart = contentRangeStart(response);
    const ranged = have > 0 && response.status === 206 && (rangeStart === undefined || rangeStart === have);
    const start = ranged ? have : 0;
    const length = Number(response.headers.get('content-length')) || undefined;
    const total = source.size ?? (ranged ? contentRangeTotal(response) : undefined) ?? (length !== undefined ? start + length : undefined);
    if (total === undefined) {
      await response.body?.cancel().catch(() => {});
      throw new ModelStoreError({ kind: 'no-length' });
    }
    if (source.size !== undefined && length !== undefined && start + length !== source.size) {
      await response.body?.cancel().catch(() => {});
      await removeModel(source);
      throw new ModelStoreError({ kind: 'size', expected: source.size, actual: start + length });
    }
    if (start === 0) {
      try {
        await checkSpace(total);
      } catch (error) {
        await response.body?.cancel().catch(() => {});
        throw error;
      }
    }
    const hash = new Sha256();
    if (start) await hashFile(await handle.getFile(), start, hash, signal);
    const writable = await handle.createWritable({ keepExistingData: ranged });
    let loaded = start;
    let lastReport = 0;
    const report = (force = false) => {
      const now = performance.now();
      if (force || now - lastReport > 100) {
        lastReport = now;
        options.onProgress?.({ loaded, total });
      }
    };
    let cut: unknown;
    try {
      if (ranged) await writable.seek(start);
      report(true);
      const reader = response.body!.getReader();
      for (;;) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (error) {
          cut = error;
          break;
        }
        if (chunk.done) break;
        await writable.write(chunk.value as Uint8Array<ArrayBuffer>);
        hash.update(chunk.value);
        loaded += chunk.value.length;
        report();
      }
      await writable.close();
    } catch (error) {
      await writable.abort().catch(() => {});
      if (isQuota(error)) {
        await removeModel(source);
        throw new ModelStoreError({ kind: 'quota', needed: total }, { cause: error });
      }
      throw error instanceof ModelStoreError
        ? error
        : new ModelStoreError({ kind: 'storage', message: error instanceof Error ? error.message : String(error) }, { cause: error });
    }
    report(true);
    if (cut !== undefined || loaded < total) {
      signal?.throwIfAborted();
      // The connection dropped: continue from here (Range), a few times, then let the person retry.
      if (++cuts > RESUMES) throw new ModelStoreError({ kind: 'cut', loaded }, { cause: cut });
      await pause(300 * cuts, signal);
      continue;
    }
    if (loaded !== total) {
      await removeModel(source);
      throw new ModelStoreError({ kind: 'size', expected: total, actual: loaded });
    }
    const digest = hash.hex();
    if (source.sha256 && digest !== source.sha256.toLowerCase()) {
      await removeModel(source);
      throw new ModelStoreError({ kind: 'hash' });
    }
    const marker: Marker = { size: loaded, sha256: digest };
    const markerWritable = await (await dir.getFileHandle(`${key}.json`, { create: true })).createWritable();
    await markerWritable.write(JSON.stringify(marker));
    await markerWritable.close();
    const file = await handle.getFile();
    if (source.sha256) await toCrossOriginStorage(source.sha256, file);
    return file;
  }
}

async function truncate(handle: FileSystemFileHandle, size: number) {
  const w = await handle.createWritable({ keepExistingData: true });
  await w.truncate(size);
  await w.close();
}

/** Hashes the first `end` bytes of `file` in 1 MB slices, letting the page run between them. */
async function hashFile(file: Blob, end: number, hash: Sha256, signal?: AbortSignal) {
  for (let at = 0; at < end; at += 1 << 20) {
    signal?.throwIfAborted();
    hash.update(new Uint8Array(await file.slice(at, Math.min(end, at + (1 << 20))).arrayBuffer()));
    await new Promise((resolve) => setTimeout(resolve));
  }
}

async function checkSpace(total: number) {
  const estimate = await navigator.storage.estimate?.().catch(() => undefined);
  if (!estimate?.quota) return;
  const free = estimate.quota - (estimate.usage ?? 0);
  if (free < total + SPARE) throw new ModelStoreError({ kind: 'quota', needed: total, free });
}

const contentRangeStart = (r: Response) => {
  const start = /bytes (\d+)-/.exec(r.headers.get('content-range') ?? '')?.[1];
  return start === undefined ? undefined : Number(start);
};
const contentRangeTotal = (r: Response) => {
  const total = Number(/\/(\d+)$/.exec(r.headers.get('content-range') ?? '')?.[1]);
  return total > 0 ? total : undefined;
};
const isQuota = (error: unknown) => error instanceof DOMException && error.name === 'QuotaExceededError';
const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

/** Cross-Origin Storage (a proposal; no browser here has it): a file other sites stored, by its hash. */
interface CrossOriginStorage {
  requestFileHandles(
    hashes: Array<{ algorithm: 'SHA-256'; value: string }>,
    options?: { create?: boolean },
  ): Promise<FileSystemFileHandle[]>;
}
const crossOriginStorage = () => (navigator as Navigator & { crossOriginStorage?: CrossOriginStorage }).crossOriginStorage;

async function fromCrossOriginStorage(source: ModelSource): Promise<Blob | undefined> {
  const cos = crossOriginStorage();
  if (!cos || !source.sha256) return undefined;
  try {
    const [handle] = await cos.requestFileHandles([{ algorithm: 'SHA-256', value: source.sha256.toLowerCase() }]);
    const file = await handle?.getFile();
    return file && (source.size === undefined || file.size === source.size) ? file : undefined;
  } catch {
    return undefined; // Not there (NotFoundError), or the person said no.
  }
}

async function toCrossOriginStorage(sha256: string, file: Blob): Promise<void> {
  const cos = crossOriginStorage();
  if (!cos) return;
  try {
    const [handle] = await cos.requestFileHandles([{ algorithm: 'SHA-256', value: sha256.toLowerCase() }], { create: true });
    const writable = await handle!.createWritable();
    await file.stream().pipeTo(writable);
  } catch {
    // The origin's own copy serves this site either way.
  }
}
