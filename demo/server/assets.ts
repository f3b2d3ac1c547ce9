import { crc32, deflateSync } from 'node:zlib';

/**
 * Small but real media files for the demo server, generated at startup so the
 * repository holds no binaries: a 32x32 RGBA PNG (the demo logo) and a short
 * 8-bit mono WAV tone. Both decode in any browser.
 */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A 32x32 PNG: a blue square with cut corners and a white "M". */
function makeLogoPng(): Buffer {
  const size = 32;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4); // filter byte 0, then RGBA pixels
    for (let x = 0; x < size; x++) {
      const corner = Math.min(x, size - 1 - x) + Math.min(y, size - 1 - y) < 4;
      // A white "M": two uprights and two diagonals meeting in the middle.
      const upright = y >= 8 && y <= 24 && (x === 8 || x === 9 || x === 22 || x === 23);
      const diagonal = y >= 8 && y <= 16 && (x - 8 === y - 8 || x - 9 === y - 8 || 23 - x === y - 8 || 22 - x === y - 8);
      const stroke = upright || diagonal;
      const offset = 1 + x * 4;
      if (corner) {
        row.writeUInt32BE(0x00000000, offset);
      } else if (stroke) {
        row.writeUInt32BE(0xffffffff, offset);
      } else {
        row.writeUInt32BE(0x2563ebff, offset);
      }
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 0.3 s 440 Hz tone, 8 kHz 8-bit mono PCM, with a short fade in and out. */
function makeToneWav(): Buffer {
  const rate = 8000;
  const samples = Math.round(rate * 0.3);
  const data = Buffer.alloc(samples);
  for (let i = 0; i < samples; i++) {
    const fade = Math.min(1, i / 400, (samples - i) / 400);
    data[i] = Math.round(128 + 100 * fade * Math.sin((2 * Math.PI * 440 * i) / rate));
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28); // byte rate
  header.writeUInt16LE(1, 32); // block align
  header.writeUInt16LE(8, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, data]);
}

/** Base64 of the demo logo, a 32x32 PNG (`image/png`). */
export const LOGO_PNG_BASE64 = makeLogoPng().toString('base64');

/** Base64 of a short tone, a WAV file (`audio/wav`). */
export const TONE_WAV_BASE64 = makeToneWav().toString('base64');

/** Icons for tools, prompts and the server: inline SVG data URIs, so they work offline. */
export function svgIcon(emoji: string, background: string) {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48">` +
    `<rect width="48" height="48" rx="10" fill="${background}"/>` +
    `<text x="24" y="33" font-size="26" text-anchor="middle">${emoji}</text></svg>`;
  return [{ src: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, mimeType: 'image/svg+xml', sizes: ['any'] }];
}
