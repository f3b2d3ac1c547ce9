#!/usr/bin/env node
// Writes a tiny random-weight language model as a GGUF file (llama architecture,
// F32 tensors, a byte-level BPE vocabulary), about 0.5 MB: the test model of the
// on-device provider (src/providers/on-device). No model is downloaded from a hub:
// the tests generate this one at test time (test/setup/tiny-model.ts).
//
// Run: node scripts/make-tiny-model.mjs [out.gguf]   (default: .tmp/tiny-model.gguf)
//
// The GGUF layout (v3, little-endian) follows ggml's docs/gguf.md:
//   magic "GGUF", version u32, tensor count u64, metadata count u64,
//   metadata (key string, value type u32, value), tensor infos (name, n_dims u32,
//   dims u64[] innermost first, type u32, offset u64 from the data start),
//   padding to `general.alignment` (32), then the tensor data, each tensor aligned.
// The metadata keys are the ones llama.cpp's llama loader requires (llama.*,
// tokenizer.ggml.*); the tensor names are its llama tensors (token_embd, blk.N.*,
// output_norm, output).
//
// The vocabulary is GPT-2 style byte-level BPE with no merges: the 256 bytes
// (written with GPT-2's byte-to-unicode map, as llama.cpp expects) plus one
// control token `<|endoftext|>` as BOS and EOS. Any text tokenizes (one token per
// byte) and any token decodes, so grammar-constrained sampling can spell any JSON.
//
// Weights are random (a seeded generator: the same file every run), with one
// deliberate lean, documented because a test relies on it: the model prefers the
// byte `o` wherever a grammar allows it. Hidden dimension 0 carries a constant
// (every token's embedding has 4 there and no layer writes to it), and the output
// row of `o` is large in that dimension. At the point where a reply chooses between
// `{"type":"text",...}` and `{"tool":...}` it therefore picks `tool`: the agent-turn
// test can see a tool call from `toolChoice: auto`. Everything else is noise.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Model shape: small enough for a few hundred KB, valid for llama.cpp. */
export const TINY_MODEL_SHAPE = Object.freeze({
  embedding: 32,
  layers: 2,
  heads: 4,
  feedForward: 64,
  context: 8192,
});

const GGUF_ALIGNMENT = 32;
const T = { UINT32: 4, INT32: 5, FLOAT32: 6, BOOL: 7, STRING: 8, ARRAY: 9 };
const TOKEN_NORMAL = 1;
const TOKEN_CONTROL = 3;

/** GPT-2's reversible byte -> printable unicode map (the one llama.cpp's BPE decoder inverts). */
function byteToUnicode() {
  const keep = [];
  for (let b = 33; b <= 126; b++) keep.push(b);
  for (let b = 161; b <= 172; b++) keep.push(b);
  for (let b = 174; b <= 255; b++) keep.push(b);
  const map = new Map(keep.map((b) => [b, String.fromCodePoint(b)]));
  let n = 0;
  for (let b = 0; b < 256; b++) {
    if (!map.has(b)) map.set(b, String.fromCodePoint(256 + n++));
  }
  return map;
}

/** Mulberry32: a small seeded PRNG, so the file is the same every run. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Writer {
  chunks = [];
  length = 0;
  push(bytes) {
    this.chunks.push(bytes);
    this.length += bytes.length;
  }
  u32(v) {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(v);
    this.push(b);
  }
  i32(v) {
    const b = Buffer.alloc(4);
    b.writeInt32LE(v);
    this.push(b);
  }
  u64(v) {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(v));
    this.push(b);
  }
  f32(v) {
    const b = Buffer.alloc(4);
    b.writeFloatLE(v);
    this.push(b);
  }
  str(s) {
    const b = Buffer.from(s, 'utf8');
    this.u64(b.length);
    this.push(b);
  }
  pad(to) {
    const rest = this.length % to;
    if (rest) this.push(Buffer.alloc(to - rest));
  }
  bytes() {
    return Buffer.concat(this.chunks);
  }
}

/** One metadata entry: [key, type, value] (arrays: [key, T.ARRAY, [elementType, values]]). */
function writeKv(w, [key, type, value]) {
  w.str(key);
  w.u32(type);
  writeValue(w, type, value);
}

function writeValue(w, type, value) {
  switch (type) {
    case T.UINT32:
      return w.u32(value);
    case T.INT32:
      return w.i32(value);
    case T.FLOAT32:
      return w.f32(value);
    case T.BOOL:
      return w.push(Buffer.from([value ? 1 : 0]));
    case T.STRING:
      return w.str(value);
    case T.ARRAY: {
      const [elementType, values] = value;
      w.u32(elementType);
      w.u64(values.length);
      for (const v of values) writeValue(w, elementType, v);
      return;
    }
    default:
      throw new Error(`unknown GGUF type ${type}`);
  }
}

/**
 * Builds the tiny model: returns the GGUF file's bytes.
 * @param {{ seed?: number }} [options]
 * @returns {Buffer}
 */
export function makeTinyModel({ seed = 22 } = {}) {
  const { embedding: E, layers, heads, feedForward: F, context } = TINY_MODEL_SHAPE;
  const bytes = byteToUnicode();
  const tokens = [...Array(256).keys()].map((b) => bytes.get(b));
  const types = tokens.map(() => TOKEN_NORMAL);
  tokens.push('<|endoftext|>');
  types.push(TOKEN_CONTROL);
  const V = tokens.length;
  const eos = V - 1;
  const lean = 'o'.charCodeAt(0);

  const rand = random(seed);
  const noise = (n, scale) => Float32Array.from({ length: n }, () => (rand() * 2 - 1) * scale);
  const ones = (n) => new Float32Array(n).fill(1);
  const tensors = [];
  const add = (name, dims, data) => tensors.push({ name, dims, data });

  const embd = noise(E * V, 0.5);
  for (let t = 0; t < V; t++) embd[t * E] = 4; // the constant in dimension 0
  add('token_embd.weight', [E, V], embd);
  for (let l = 0; l < layers; l++) {
    const p = `blk.${l}.`;
    add(`${p}attn_norm.weight`, [E], ones(E));
    add(`${p}attn_q.weight`, [E, E], noise(E * E, 0.3));
    add(`${p}attn_k.weight`, [E, E], noise(E * E, 0.3));
    add(`${p}attn_v.weight`, [E, E], noise(E * E, 0.3));
    const out = noise(E * E, 0.1);
    out.fill(0, 0, E); // output row 0: attention never writes dimension 0
    add(`${p}attn_output.weight`, [E, E], out);
    add(`${p}ffn_norm.weight`, [E], ones(E));
    add(`${p}ffn_gate.weight`, [E, F], noise(E * F, 0.3));
    add(`${p}ffn_up.weight`, [E, F], noise(E * F, 0.3));
    const down = noise(F * E, 0.1);
    down.fill(0, 0, F); // output row 0: the feed-forward never writes dimension 0
    add(`${p}ffn_down.weight`, [F, E], down);
  }
  add('output_norm.weight', [E], ones(E));
  const output = noise(E * V, 0.5);
  for (let t = 0; t < V; t++) output[t * E] = 0;
  output[lean * E] = 6; // the lean toward `o` (see the header)
  add('output.weight', [E, V], output);

  const metadata = [
    ['general.architecture', T.STRING, 'llama'],
    ['general.name', T.STRING, 'mcp-elements tiny test model (random weights)'],
    ['general.alignment', T.UINT32, GGUF_ALIGNMENT],
    ['general.file_type', T.UINT32, 0],
    ['llama.context_length', T.UINT32, context],
    ['llama.embedding_length', T.UINT32, E],
    ['llama.block_count', T.UINT32, layers],
    ['llama.feed_forward_length', T.UINT32, F],
    ['llama.attention.head_count', T.UINT32, heads],
    ['llama.attention.head_count_kv', T.UINT32, heads],
    ['llama.attention.layer_norm_rms_epsilon', T.FLOAT32, 1e-5],
    ['llama.rope.dimension_count', T.UINT32, E / heads],
    ['llama.rope.freq_base', T.FLOAT32, 10000],
    ['llama.vocab_size', T.UINT32, V],
    ['tokenizer.ggml.model', T.STRING, 'gpt2'],
    ['tokenizer.ggml.pre', T.STRING, 'default'],
    ['tokenizer.ggml.tokens', T.ARRAY, [T.STRING, tokens]],
    ['tokenizer.ggml.token_type', T.ARRAY, [T.INT32, types]],
    ['tokenizer.ggml.merges', T.ARRAY, [T.STRING, []]],
    ['tokenizer.ggml.bos_token_id', T.UINT32, eos],
    ['tokenizer.ggml.eos_token_id', T.UINT32, eos],
    ['tokenizer.ggml.add_bos_token', T.BOOL, false],
  ];

  const w = new Writer();
  w.push(Buffer.from('GGUF', 'ascii'));
  w.u32(3);
  w.u64(tensors.length);
  w.u64(metadata.length);
  for (const kv of metadata) writeKv(w, kv);
  let offset = 0;
  for (const t of tensors) {
    w.str(t.name);
    w.u32(t.dims.length);
    for (const d of t.dims) w.u64(d);
    w.u32(0); // GGML_TYPE_F32
    w.u64(offset);
    offset += Math.ceil(t.data.byteLength / GGUF_ALIGNMENT) * GGUF_ALIGNMENT;
  }
  w.pad(GGUF_ALIGNMENT);
  for (const t of tensors) {
    w.push(Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength));
    w.pad(GGUF_ALIGNMENT);
  }
  return w.bytes();
}

/** Writes the model to `path` (directories made as needed); returns its size in bytes. */
export function writeTinyModel(path) {
  const data = makeTinyModel();
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, data);
  return data.length;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = resolve(process.argv[2] ?? '.tmp/tiny-model.gguf');
  const size = writeTinyModel(path);
  console.log(`${path}: ${(size / 1024).toFixed(0)} KB`);
}
