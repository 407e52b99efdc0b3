import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type request from 'supertest';
import { startSendbook, type Sendbook } from '../support/sendbook.js';
import { TEST_SECRETS } from '../support/test-env.js';
import { inbound } from './conversation-support.js';

/** Reads any response body as raw bytes (supertest would otherwise guess by content type). */
function asBytes(test: request.Test): request.Test {
  return test.buffer(true).parse((res, callback) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => callback(null, Buffer.concat(chunks)));
  });
}

describe('inbound media not kept yet: downloaded from Meta on demand', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    // The keeper (which would serve these from the store) runs once at start, then not for an hour.
    sb = await startSendbook({ app: { env: { MEDIA_KEEP_INTERVAL_MS: '3600000' } } });
  });
  afterAll(() => sb.close());

  it("a customer's image: the row keeps media id, type and caption; GET …/media returns exactly the simulator's bytes", async () => {
    const wamid = sb.sim.customer('16505550301', { name: 'Maya' }).sendImage('my receipt');
    const message = await inbound(sb, wamid);
    const media = message.media as { id: string; mime_type: string; caption: string; sha256: string };
    expect(message).toMatchObject({ type: 'image', media: { id: expect.stringMatching(/^\d+$/), mime_type: 'image/png', caption: 'my receipt' } });
    const stored = await sb.dataSource.query(`SELECT raw FROM inbound_messages WHERE id = $1`, [message.id]);
    expect(stored[0].raw.image).toMatchObject({ id: media.id, mime_type: 'image/png', caption: 'my receipt' });

    const res = await asBytes(sb.api().get(`/v1/inbound/${message.id}/media`)).expect(200);
    const bytes = res.body as Buffer;
    expect(res.headers['content-type']).toBe('image/png');
    expect(Number(res.headers['content-length'])).toBe(bytes.length);
    // A customer's file is hostile input: downloaded, never rendered in the API's origin or sniffed.
    expect(res.headers).toMatchObject({
      'content-disposition': 'attachment',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'cache-control': 'private, no-store',
    });
    expect(bytes.equals(sb.sim.media(media.id)?.bytes ?? Buffer.alloc(0))).toBe(true);

    // The same digest Meta's metadata (hex) and the webhook (base64) give.
    const metadata = await fetch(`${sb.sim.url}/v23.0/${media.id}`, { headers: { authorization: `Bearer ${TEST_SECRETS.accessToken}` } });
    const { sha256, file_size } = (await metadata.json()) as { sha256: string; file_size: number };
    const digest = createHash('sha256').update(bytes).digest();
    expect(digest.toString('hex')).toBe(sha256);
    expect(digest.toString('base64')).toBe(media.sha256);
    expect(bytes.length).toBe(file_size);
  });

  it.each([
    [
      'a document',
      'document',
      { caption: 'my receipt', filename: 'receipt.pdf' },
      'application/pdf',
      { filename: 'receipt.pdf', caption: 'my receipt', voice: null, animated: null },
    ],
    ['a voice note', 'audio', { voice: true }, 'audio/ogg; codecs=opus', { filename: null, caption: null, voice: true, animated: null }],
    ['a video', 'video', { caption: 'the box it came in' }, 'video/mp4', { caption: 'the box it came in', voice: null, animated: null }],
    ['an animated sticker', 'sticker', { animated: true }, 'image/webp', { caption: null, voice: null, animated: true }],
  ] as const)(
    "%s: the row keeps what the customer's phone said of it; GET …/media returns its bytes and type",
    async (_label, kind, extras, mimeType, shown) => {
      const wamid = sb.sim.customer('16505550305').sendMedia(kind, extras);
      const message = await inbound(sb, wamid);
      expect(message).toMatchObject({ type: kind, media: { ...shown, mime_type: mimeType, id: expect.stringMatching(/^\d+$/) } });
      const media = message.media as { id: string; sha256: string };
      const res = await asBytes(sb.api().get(`/v1/inbound/${message.id}/media`)).expect(200);
      expect(res.headers['content-type']).toBe(mimeType);
      const bytes = res.body as Buffer;
      expect(bytes.equals(sb.sim.media(media.id)?.bytes ?? Buffer.alloc(0))).toBe(true);
      expect(createHash('sha256').update(bytes).digest('base64')).toBe(media.sha256);
    },
  );

  it('a text message has no media: 422 no_media', async () => {
    const message = await inbound(sb, sb.sim.customer('16505550302').sendText('just text'));
    const res = await sb.api().get(`/v1/inbound/${message.id}/media`).expect(422);
    expect(res.body).toEqual({ error: 'no_media', message: expect.stringContaining('"text"') });
  });

  it('an unknown inbound id is 404 not_found; no API key is 401', async () => {
    expect((await sb.api().get(`/v1/inbound/${randomUUID()}/media`).expect(404)).body).toMatchObject({ error: 'not_found' });
    expect((await sb.api().get('/v1/inbound/not-a-uuid/media').expect(404)).body).toMatchObject({ error: 'not_found' });
    const message = await inbound(sb, sb.sim.customer('16505550303').sendImage());
    await asBytes(sb.api().get(`/v1/inbound/${message.id}/media`).set('Authorization', 'Bearer wrong')).expect(401);
  });

  it("when Meta no longer has the media, 502 media_download_failed with Meta's error", async () => {
    const message = await inbound(sb, sb.sim.customer('16505550304').sendImage());
    sb.sim.reset(); // the simulator forgets every media object, as Meta does after 7 days
    const res = await sb.api().get(`/v1/inbound/${message.id}/media`).expect(502);
    expect(res.body).toMatchObject({
      error: 'media_download_failed',
      message: expect.stringContaining('could not download media'),
      outcome: 'rejected',
      graph_error: { code: 100 },
    });
  });
});

describe('inbound media: streamed as it arrives, a bounded number at once', () => {
  const MIB = 1024 * 1024;
  let sb: Sendbook;
  beforeAll(async () => {
    // A slow CDN (4 MiB/s a download) and room for two downloads at once, two more waiting.
    sb = await startSendbook({ sim: { mediaBytesPerSecond: 4 * MIB }, app: { env: { MEDIA_DOWNLOADS_MAX: '2', MEDIA_KEEP_INTERVAL_MS: '3600000' } } });
  });
  afterAll(() => sb.close());

  const video = async (waId: string) =>
    (await inbound(sb, sb.sim.customer(waId).sendMedia('video', { sizeBytes: 8 * MIB }))) as { id: string; media: { id: string } };

  /** GET …/media with a raw client: when the headers came, the bytes, or the refusal. */
  function download(
    id: string,
    abortAfterFirstBytes = false,
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders; headersAfterMs: number; tookMs: number; bytes: Buffer }> {
    const started = Date.now();
    return new Promise((resolve, reject) => {
      const req = http.get(`${sb.url}/v1/inbound/${id}/media`, { headers: { authorization: `Bearer ${TEST_SECRETS.apiKey}` } }, (res) => {
        const headersAfterMs = Date.now() - started;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          if (abortAfterFirstBytes) {
            req.destroy();
            resolve({ status: res.statusCode ?? 0, headers: res.headers, headersAfterMs, tookMs: Date.now() - started, bytes: Buffer.concat(chunks) });
          }
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, headersAfterMs, tookMs: Date.now() - started, bytes: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      });
      req.on('error', (error) => (abortAfterFirstBytes ? undefined : reject(error)));
    });
  }

  it('the first bytes reach the agent while Meta is still sending the rest', async () => {
    const message = await video('16505550311');
    const got = await download(message.id);
    expect(got.status).toBe(200);
    expect(got.headers['content-length']).toBe(String(8 * MIB));
    expect(got.bytes.equals(sb.sim.media(message.media.id)!.bytes)).toBe(true);
    // The whole file takes ~2 s at 4 MiB/s; a proxy that buffered would answer only then.
    expect(got.tookMs).toBeGreaterThan(1_500);
    expect(got.headersAfterMs).toBeLessThan(got.tookMs / 2);
  });

  it('two run and two wait; the next is refused at once with 503 busy and Retry-After', async () => {
    const messages = await Promise.all(['16505550312', '16505550313', '16505550314', '16505550315', '16505550316'].map(video));
    const results = await Promise.all(messages.map((m) => download(m.id)));
    const refused = results.filter((r) => r.status === 503);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.headers['retry-after']).toBe('1');
    expect(JSON.parse(refused[0]!.bytes.toString())).toMatchObject({ error: 'busy' });
    expect(refused[0]!.tookMs).toBeLessThan(1_000);
    results.forEach((r, i) => {
      if (r.status === 200) expect(r.bytes.equals(sb.sim.media(messages[i]!.media.id)!.bytes)).toBe(true);
    });
  });

  it('an agent who closes the tab mid-download frees the slot', async () => {
    const messages = await Promise.all(['16505550317', '16505550318', '16505550319', '16505550320'].map(video));
    const dropped = await Promise.all(messages.slice(0, 2).map((m) => download(m.id, true)));
    expect(dropped.map((d) => d.status)).toEqual([200, 200]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Were the two slots still held, two of these four would wait and two be refused.
    const results = await Promise.all([...messages, ...messages].slice(0, 4).map((m) => download(m.id)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
  });
});
