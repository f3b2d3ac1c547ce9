import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { Sha256 } from '../../src/providers/on-device/sha256.js';

// The model check hashes a download as its chunks arrive: any split of the input gives
// the digest node:crypto gives for the whole (padding edges 55/56/64 bytes included).
describe('incremental SHA-256', () => {
  test('matches node:crypto for every length around the block edges, fed in uneven pieces', () => {
    for (const n of [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 1000, 70_001]) {
      const data = Uint8Array.from({ length: n }, (_, i) => (i * 2654435761) >>> 24);
      const hash = new Sha256();
      for (let at = 0, step = 1; at < n; at += step, step = ((step * 7) % 97) + 1) hash.update(data.subarray(at, at + step));
      expect(hash.hex(), `${n} bytes`).toBe(createHash('sha256').update(data).digest('hex'));
    }
  });
  test('the published digest of "abc"', () => {
    expect(new Sha256().update(new TextEncoder().encode('abc')).hex()).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});
