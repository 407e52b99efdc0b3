import { createHash } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import type { Simulator } from '../simulator-api.js';
import { startSimulatorWithReceiver } from '../testing/simulator-with-receiver.js';
import type { WebhookReceiver } from '../testing/webhook-receiver.js';
import { loadFixture } from '../testing/shape.js';
import { pdfFor, pngFor, signedBytesFor } from './media-bytes.js';

interface MediaInfo {
  messaging_product: string;
  url: string;
  mime_type: string;
  sha256: string;
  file_size: number;
  id: string;
}

describe('media: GET /{media_id} and the download URL', () => {
  let sim: Simulator;
  let receiver: WebhookReceiver;
  let close: () => Promise<void>;
  const auth = (token?: string) => ({ authorization: `Bearer ${token ?? sim.config().accessToken}` });

  beforeEach(async () => {
    ({ sim, receiver, close } = await startSimulatorWithReceiver());
  });
  afterEach(() => close());

  /** A customer sends an image; returns the image object of the webhook that arrived. */
  async function sentImage(caption?: string): Promise<{ id: string; mime_type: string; sha256: string; caption?: string }> {
    sim.customer('16505551234').sendImage(caption);
    await sim.flushWebhooks();
    const image = receiver.messages().at(-1)?.image;
    if (!image) throw new Error('no image webhook');
    return image as { id: string; mime_type: string; sha256: string };
  }

  const info = (id: string, query = '', token?: string) => fetch(`${sim.url}/v23.0/${id}${query}`, { headers: auth(token) });

  it("answers Meta's shape; the URL serves the bytes whose sha256 the webhook and the metadata give", async () => {
    const image = await sentImage('Taj Mahal');
    expect(image).toMatchObject({ caption: 'Taj Mahal', mime_type: 'image/png', id: expect.stringMatching(/^\d{16}$/) });

    const res = await info(image.id, `?phone_number_id=${sim.config().phoneNumbers[0]?.id ?? ''}`);
    expect(res.status).toBe(200);
    const meta = (await res.json()) as MediaInfo;
    expect(Object.keys(meta)).toEqual(['messaging_product', 'url', 'mime_type', 'sha256', 'file_size', 'id']);
    expect(meta).toMatchObject({ messaging_product: 'whatsapp', mime_type: 'image/png', id: image.id, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(new URL(meta.url).origin).toBe(sim.url);

    const download = await fetch(meta.url, { headers: auth() });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.length).toBe(meta.file_size);
    expect(Number(download.headers.get('content-length'))).toBe(meta.file_size);
    const digest = createHash('sha256').update(bytes).digest();
    expect(digest.toString('hex')).toBe(meta.sha256);
    expect(digest.toString('base64')).toBe(image.sha256);
    expect(bytes.equals(sim.media(image.id)?.bytes ?? Buffer.alloc(0))).toBe(true);
  });

  it.each([
    ['document', { caption: 'my receipt', filename: 'receipt.pdf' }, 'application/pdf', 'inbound-document-meta-docs.json'],
    ['audio', { voice: true }, 'audio/ogg; codecs=opus', 'inbound-audio-voice-meta-docs.json'],
    ['video', { caption: 'Timelapse of growth' }, 'video/mp4', 'inbound-video-meta-docs.json'],
    ['sticker', { animated: true }, 'image/webp', 'inbound-sticker-meta-docs.json'],
  ] as const)("a %s: fields in the order of Meta's example, served with its type and the digest the webhook gave", async (kind, extras, mimeType, fixture) => {
    sim.customer('16505551234').sendMedia(kind, extras);
    await sim.flushWebhooks();
    const sent = receiver.messages().at(-1)?.[kind] as Record<string, unknown>;
    const example = (loadFixture(fixture) as { entry: Array<{ changes: Array<{ value: { messages: Array<Record<string, Record<string, unknown>>> } }> }> })
      .entry[0]?.changes[0]?.value.messages[0]?.[kind];
    expect(Object.keys(sent)).toEqual(Object.keys(example ?? {}));
    expect(sent).toMatchObject({ ...extras, mime_type: mimeType });

    const meta = (await (await info(String(sent.id))).json()) as MediaInfo;
    expect(meta.mime_type).toBe(mimeType);
    const download = await fetch(meta.url, { headers: auth() });
    expect(download.headers.get('content-type')).toBe(mimeType);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('base64')).toBe(sent.sha256);
  });

  it('unknown ids, another number and a bad token get Graph errors', async () => {
    const image = await sentImage();
    const unknown = await info('1234567890123456');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      error: { code: 100, type: 'OAuthException', error_data: { details: expect.stringContaining("Object with ID '1234567890123456' does not exist") } },
    });
    expect((await info(image.id, '?phone_number_id=999')).status).toBe(400);
    const badToken = await info(image.id, '', 'wrong');
    expect(badToken.status).toBe(401);
    expect(await badToken.json()).toMatchObject({ error: { code: 190 } });
  });

  it('the download needs the token, expires after 5 minutes and cannot be extended by hand', async () => {
    const image = await sentImage();
    const meta = (await (await info(image.id)).json()) as MediaInfo;
    const withoutToken = await fetch(meta.url);
    expect(withoutToken.status).toBe(401);
    expect(await withoutToken.json()).toMatchObject({ error: { code: 190 } });

    const tampered = new URL(meta.url);
    tampered.searchParams.set('ext', String(Number(tampered.searchParams.get('ext')) + 3600));
    const refused = await fetch(tampered, { headers: auth() });
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ error: { code: 100 } });

    const unknown = new URL(meta.url);
    unknown.searchParams.set('mid', '42');
    expect((await fetch(unknown, { headers: auth() })).status).toBe(404);

    sim.clock.advance(5 * 60 * 1000 + 1000);
    expect((await fetch(meta.url, { headers: auth() })).status).toBe(404);
    // A fresh lookup gives a fresh URL.
    const again = (await (await info(image.id)).json()) as MediaInfo;
    expect((await fetch(again.url, { headers: auth() })).status).toBe(200);
  });

  it('media downloads are not counted as Graph requests; reset forgets the media', async () => {
    const image = await sentImage();
    const before = sim.requests();
    const meta = (await (await info(image.id)).json()) as MediaInfo;
    await fetch(meta.url, { headers: auth() });
    expect(sim.requests()).toBe(before + 1);
    sim.reset();
    expect(sim.media(image.id)).toBeUndefined();
    expect((await info(image.id)).status).toBe(400);
  });
});

describe('pngFor', () => {
  it('is a valid 2×2 RGB PNG, the same for the same seed and different for another', () => {
    const png = pngFor('1003383421387256');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([2, 2]);
    const idatLength = png.readUInt32BE(33);
    expect(png.subarray(37, 41).toString('ascii')).toBe('IDAT');
    expect(inflateSync(png.subarray(41, 41 + idatLength))).toHaveLength(2 * (1 + 2 * 3));
    expect(png.subarray(-8, -4).toString('ascii')).toBe('IEND');
    expect(pngFor('1003383421387256').equals(png)).toBe(true);
    expect(pngFor('1003383421387257').equals(png)).toBe(false);
  });
});

describe('pdfFor', () => {
  it('is a one-page PDF whose cross-reference table points at its objects, titled by the seed', () => {
    const pdf = pdfFor('622684793477189');
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.endsWith('%%EOF\n')).toBe(true);
    expect(text).toContain('/Title (622684793477189)');
    const startxref = Number(/startxref\n(\d+)\n/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(4);
    offsets.forEach((offset, i) => expect(text.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true));
    expect(pdfFor('622684793477190').equals(pdf)).toBe(false);
  });
});

describe('signedBytesFor', () => {
  it('starts as an Ogg Opus stream, an MP4 and a WebP do, and differs by seed', () => {
    expect(signedBytesFor('audio', '1').subarray(0, 4).toString('ascii')).toBe('OggS');
    expect(signedBytesFor('audio', '1').includes(Buffer.from('OpusHead'))).toBe(true);
    expect(signedBytesFor('video', '1').subarray(4, 12).toString('ascii')).toBe('ftypisom');
    const webp = signedBytesFor('sticker', '1');
    expect([webp.subarray(0, 4).toString('ascii'), webp.subarray(8, 16).toString('ascii')]).toEqual(['RIFF', 'WEBPVP8L']);
    expect(webp.readUInt32LE(4)).toBe(webp.length - 8);
    expect(signedBytesFor('video', '1').equals(signedBytesFor('video', '2'))).toBe(false);
  });
});
