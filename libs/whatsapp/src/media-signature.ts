import { baseMimeType } from './media-limits.js';

// A browser names a file's type from its extension: an .exe renamed .pdf arrives as
// application/pdf. Meta checks the bytes and refuses the send later (131053); the first bytes of the
// file say now whether they are what the type claims.

const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0): boolean => bytes.every((b, i) => head[at + i] === b);
const ascii = (head: Uint8Array, text: string, at = 0): boolean =>
  startsWith(
    head,
    [...text].map((c) => c.charCodeAt(0)),
    at,
  );

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ftyp = (head: Uint8Array) => ascii(head, 'ftyp', 4);
/** MPEG audio frame sync with layer III (MP3) rather than ADTS's layer 00 (AAC). */
const mp3Frame = (head: Uint8Array) => head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0 && ((head[1] ?? 0) & 0x06) !== 0;
const adts = (head: Uint8Array) => head[0] === 0xff && ((head[1] ?? 0) & 0xf6) === 0xf0;

const SIGNATURES: Readonly<Record<string, (head: Uint8Array) => boolean>> = {
  'image/jpeg': (h) => startsWith(h, [0xff, 0xd8, 0xff]),
  'image/png': (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/webp': (h) => ascii(h, 'RIFF') && ascii(h, 'WEBP', 8),
  'video/mp4': ftyp,
  'video/3gpp': ftyp,
  'audio/mp4': ftyp,
  'audio/ogg': (h) => ascii(h, 'OggS'),
  'audio/mpeg': (h) => ascii(h, 'ID3') || mp3Frame(h),
  'audio/aac': (h) => adts(h) || ascii(h, 'ADIF'),
  'audio/amr': (h) => ascii(h, '#!AMR'),
  'application/pdf': (h) => ascii(h, '%PDF-'),
  'application/msword': (h) => startsWith(h, OLE),
  'application/vnd.ms-excel': (h) => startsWith(h, OLE),
  'application/vnd.ms-powerpoint': (h) => startsWith(h, OLE),
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': (h) => startsWith(h, ZIP),
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': (h) => startsWith(h, ZIP),
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': (h) => startsWith(h, ZIP),
  // Text has no signature; a NUL byte says it is not text.
  'text/plain': (h) => !h.includes(0),
};

/** How many leading bytes `contentMatchesType` needs. */
export const SIGNATURE_BYTES = 64;

/** Whether the file's first bytes are what its declared type says; true for types we know no signature of. */
export function contentMatchesType(mimeType: string, head: Uint8Array): boolean {
  const check = SIGNATURES[baseMimeType(mimeType)];
  return check === undefined || check(head);
}
