import { deflateSync } from 'node:zlib';

/**
 * A real PNG `width` × `height` pixels: grey, or (with `noise`) pseudo-random colours that do not
 * compress, so the file's size is the picture's own; `padTo` adds a text chunk to reach about that
 * many bytes. Used by tests and the media benchmark alike.
 */
export function pngBytes(width = 4, height = 4, { padTo = 0, noise = false } = {}) {
  const channels = noise ? 3 : 1;
  const stride = width * channels + 1;
  const rows = Buffer.alloc(height * stride, noise ? 0 : 0x80);
  for (let y = 0; y < height; y++) {
    rows[y * stride] = 0;
    if (noise) for (let x = 1; x < stride; x++) rows[y * stride + x] = ((y * stride + x) * 2654435761) >>> 24;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, noise ? 2 : 0, 0, 0, 0], 8);
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: noise ? 0 : 6 })),
  ];
  const size = parts.reduce((n, p) => n + p.length, 0) + 12;
  if (padTo > size + 12) parts.push(chunk('tEXt', Buffer.alloc(padTo - size - 12, 0x61)));
  parts.push(chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes) {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}
