import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

/**
 * A tiny valid PNG (2×2, RGB) whose colours come from `seed`: the same media id always gives the
 * same bytes, and different ids give different bytes (and so different sha256).
 */
export function pngFor(seed: string): Buffer {
  const digest = createHash('sha256').update(seed).digest();
  const width = 2;
  const height = 2;
  // Each scanline: filter byte 0, then width RGB pixels.
  const raw = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    digest.copy(raw, row + 1, y * width * 3, (y + 1) * width * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, crc]);
}

/**
 * A small valid one-page PDF (a blank 1-inch page) whose document title is `seed`, so different
 * ids give different bytes. Cross-reference offsets are computed, so readers accept it as is.
 */
export function pdfFor(seed: string): Buffer {
  const title = seed.replace(/[()\\]/g, '');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 72 72] >>',
    `<< /Title (${title}) >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 4 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * Voice notes, videos and stickers: the format's own signature (an Ogg page with an Opus head, an
 * MP4 `ftyp` box, a RIFF WebP header) followed by bytes drawn from `seed`. Not playable; enough for
 * anything that sniffs the type, checks the digest or counts the bytes, which is all a business
 * does with media it forwards or stores.
 */
export function signedBytesFor(kind: 'audio' | 'video' | 'sticker', seed: string): Buffer {
  const filler = createHash('sha256').update(`${kind}:${seed}`).digest();
  switch (kind) {
    case 'audio':
      return Buffer.concat([Buffer.from('OggS\u0000\u0002', 'latin1'), Buffer.alloc(20), Buffer.from('OpusHead', 'ascii'), filler]);
    case 'video':
      return Buffer.concat([box('ftyp', Buffer.from('isom\u0000\u0000\u0002\u0000isomiso2mp41', 'latin1')), box('free', filler)]);
    case 'sticker': {
      const payload = Buffer.concat([Buffer.from('WEBP', 'ascii'), Buffer.from('VP8L', 'ascii'), le32(filler.length), filler]);
      return Buffer.concat([Buffer.from('RIFF', 'ascii'), le32(payload.length), payload]);
    }
  }
}

function box(type: string, data: Buffer): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + data.length);
  return Buffer.concat([size, Buffer.from(type, 'ascii'), data]);
}

function le32(n: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32LE(n);
  return out;
}
