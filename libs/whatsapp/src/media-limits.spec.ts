import { describe, expect, it } from '@jest/globals';
import { bytesWords, captionAllowed, checkMedia, declaredMimeType, MEDIA_MAX_BYTES, mediaKindOf } from './media-limits.js';
import { contentMatchesType } from './media-signature.js';

const MB = 1024 * 1024;

describe('checkMedia', () => {
  it('takes each kind within its limit', () => {
    expect(checkMedia({ mimeType: 'image/png', size: 5 * MB })).toEqual({ ok: true, kind: 'image', mimeType: 'image/png' });
    expect(checkMedia({ mimeType: 'application/pdf', size: 100 * MB })).toMatchObject({ ok: true, kind: 'document' });
    expect(checkMedia({ mimeType: 'audio/ogg; codecs=opus', size: MB })).toEqual({ ok: true, kind: 'audio', mimeType: 'audio/ogg' });
    expect(checkMedia({ mimeType: 'image/webp', size: 100 * 1024 })).toMatchObject({ ok: true, kind: 'sticker' });
  });

  it('refuses a file over its kind’s limit, naming the limit and the size', () => {
    const check = checkMedia({ mimeType: 'video/mp4', size: 120 * MB });
    expect(check).toEqual({ ok: false, reason: 'size', maxBytes: 16 * MB, message: 'A video may be at most 16 MB on WhatsApp; this one is 120 MB' });
    expect(checkMedia({ mimeType: 'image/jpeg', size: 5 * MB + 1 })).toMatchObject({ ok: false, reason: 'size', maxBytes: 5 * MB });
  });

  it('refuses a type Meta does not take, saying what it does take', () => {
    const check = checkMedia({ mimeType: 'image/gif', size: 10 });
    expect(check).toMatchObject({ ok: false, reason: 'type' });
    expect(check.ok ? '' : check.message).toMatch(/^WhatsApp does not take image\/gif: send images as JPEG or PNG; videos as MP4/);
    expect(checkMedia({ mimeType: '', size: 10 })).toMatchObject({ ok: false, reason: 'type' });
  });

  it('refuses an empty file', () => {
    expect(checkMedia({ mimeType: 'image/png', size: 0 })).toMatchObject({ ok: false, reason: 'empty' });
  });

  it('knows which kinds take a caption, and the largest limit', () => {
    expect(['image', 'video', 'document', 'audio', 'sticker'].map((k) => captionAllowed(k as never))).toEqual([true, true, true, false, false]);
    expect(MEDIA_MAX_BYTES).toBe(100 * MB);
    expect(mediaKindOf('Video/MP4')).toBe('video');
    expect(bytesWords(1536 * 1024)).toBe('1.5 MB');
  });
});

describe('declaredMimeType', () => {
  it('keeps a declared type and falls back to the extension when the declaration says nothing', () => {
    expect(declaredMimeType('image/png', 'x.jpg')).toBe('image/png');
    expect(declaredMimeType('application/octet-stream', 'Invoice 42.PDF')).toBe('application/pdf');
    expect(declaredMimeType('', 'note.opus')).toBe('audio/ogg');
    expect(declaredMimeType(undefined, 'archive.zip')).toBe('');
  });
});

describe('contentMatchesType', () => {
  const bytes = (...parts: (string | number[])[]) => Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

  it('accepts files whose first bytes are their type', () => {
    expect(contentMatchesType('application/pdf', bytes('%PDF-1.7'))).toBe(true);
    expect(contentMatchesType('image/png', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    expect(contentMatchesType('image/jpeg', bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(contentMatchesType('audio/ogg; codecs=opus', bytes('OggS'))).toBe(true);
    expect(contentMatchesType('video/mp4', bytes([0, 0, 0, 0x20], 'ftypisom'))).toBe(true);
    expect(contentMatchesType('audio/mpeg', bytes('ID3'))).toBe(true);
    expect(contentMatchesType('audio/aac', bytes([0xff, 0xf1]))).toBe(true);
    expect(contentMatchesType('text/plain', bytes('hello'))).toBe(true);
  });

  it('refuses a file renamed to a type it is not', () => {
    expect(contentMatchesType('application/pdf', bytes('MZ', [0x90, 0]))).toBe(false);
    expect(contentMatchesType('image/png', bytes([0xff, 0xd8, 0xff]))).toBe(false);
    expect(contentMatchesType('text/plain', bytes('a', [0], 'b'))).toBe(false);
    expect(contentMatchesType('audio/aac', bytes('ID3'))).toBe(false);
    expect(contentMatchesType('application/vnd.openxmlformats-officedocument.wordprocessingml.document', bytes('%PDF'))).toBe(false);
  });
});
