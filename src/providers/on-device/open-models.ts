/**
 * The open models the chat offers when a page sets no model at all: pinned
 * here to the exact file at a fixed revision of its repository (a commit,
 * never a branch), with its byte size and SHA-256, so every visitor gets the
 * same bytes and the download is checked before it is used (model-store.ts).
 * Why these models, and where the figures come from: docs/models.md, "The
 * default open model".
 */

/** An open model file, pinned. */
export interface PinnedModel {
  /** The name people see. */
  label: string;
  /** The hub repository and the commit the file is read at. */
  repo: string;
  revision: string;
  file: string;
  /** The file's address at that commit. */
  url: string;
  /** Exact size in bytes. */
  size: number;
  /** SHA-256 of the file (the hub's LFS object id, also sent as `X-Linked-Etag`). */
  sha256: string;
}

const huggingFace = (repo: string, revision: string, file: string) => `https://huggingface.co/${repo}/resolve/${revision}/${file}`;

/** The default: Qwen3 0.6B (Apache-2.0), Q4_K_M quantization by Unsloth, 397 MB. */
export const DEFAULT_OPEN_MODEL: PinnedModel = {
  label: 'Qwen3 0.6B',
  repo: 'unsloth/Qwen3-0.6B-GGUF',
  revision: '50968a4468ef4233ed78cd7c3de230dd1d61a56b',
  file: 'Qwen3-0.6B-Q4_K_M.gguf',
  url: huggingFace('unsloth/Qwen3-0.6B-GGUF', '50968a4468ef4233ed78cd7c3de230dd1d61a56b', 'Qwen3-0.6B-Q4_K_M.gguf'),
  size: 396_705_472,
  sha256: 'ac2d97712095a558e31573f62f466a3f9d93990898b0ec79d7c974c1780d524a',
};

/**
 * The quality tier: Qwen3 4B Instruct 2507 (Apache-2.0), Q4_K_M by Unsloth,
 * 2.5 GB. Offered only where WebGPU is present and reports room for it
 * ({@link qualityTierFits}).
 */
export const QUALITY_OPEN_MODEL: PinnedModel = {
  label: 'Qwen3 4B',
  repo: 'unsloth/Qwen3-4B-Instruct-2507-GGUF',
  revision: 'a06e946bb6b655725eafa393f4a9745d460374c9',
  file: 'Qwen3-4B-Instruct-2507-Q4_K_M.gguf',
  url: huggingFace('unsloth/Qwen3-4B-Instruct-2507-GGUF', 'a06e946bb6b655725eafa393f4a9745d460374c9', 'Qwen3-4B-Instruct-2507-Q4_K_M.gguf'),
  size: 2_497_281_120,
  sha256: '3605803b982cb64aead44f6c1b2ae36e3acdb41d8e46c8a94c6533bc4c67e597',
};

/**
 * Where the default model is read from instead, when a page (a test, a demo,
 * a site mirroring the file on its own server) sets
 * `globalThis.mcpWebElementsDefaultModel = { url, size, sha256, label }`
 * before the chat first needs it. Unset: {@link DEFAULT_OPEN_MODEL}.
 */
export function defaultOpenModel(): { url: string; label: string; size?: number; sha256?: string } {
  const override = (globalThis as { mcpWebElementsDefaultModel?: Partial<PinnedModel> }).mcpWebElementsDefaultModel;
  return override?.url
    ? { url: override.url, size: override.size, sha256: override.sha256, label: override.label ?? DEFAULT_OPEN_MODEL.label }
    : DEFAULT_OPEN_MODEL;
}

/**
 * The quality tier's model: {@link QUALITY_OPEN_MODEL}, or what a page (a
 * test, a demo, a mirror) sets as `globalThis.mcpWebElementsQualityModel =
 * { url, size, sha256, label }` before the chat first needs it.
 */
export function qualityOpenModel(): { url: string; label: string; size?: number; sha256?: string } {
  const override = (globalThis as { mcpWebElementsQualityModel?: Partial<PinnedModel> }).mcpWebElementsQualityModel;
  return override?.url
    ? { url: override.url, size: override.size, sha256: override.sha256, label: override.label ?? QUALITY_OPEN_MODEL.label }
    : QUALITY_OPEN_MODEL;
}

/**
 * Whether this device can take the quality tier: WebGPU with a GPU buffer
 * limit of at least 1 GiB and, where the browser says, 8 GB of memory or
 * more. WebGPU does not report a GPU's memory; its `maxBufferSize` limit is
 * the nearest figure it gives.
 */
export async function qualityTierFits(): Promise<boolean> {
  const gpu = (navigator as Navigator & { gpu?: { requestAdapter(): Promise<{ limits: { maxBufferSize: number } } | null> } }).gpu;
  if (!gpu) return false;
  try {
    const adapter = await gpu.requestAdapter();
    const memory = (navigator as Navigator & { deviceMemory?: number }).deviceMemory;
    return Boolean(adapter && adapter.limits.maxBufferSize >= 2 ** 30 && (memory === undefined || memory >= 8));
  } catch {
    return false;
  }
}
