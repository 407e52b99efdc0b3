import { readdir } from 'node:fs/promises';
import { startSendbook, type Sendbook } from '../support/sendbook.js';
import { oggOpusBytes, pdfBytes, pngBytes } from '../support/media-files.js';
import { waitFor } from '../support/wait-for.js';
import { inbound } from '../conversations/conversation-support.js';

const MB = 1024 * 1024;

describe('agent media: uploaded once, checked against WhatsApp’s limits, sent by media id, kept', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    sb = await startSendbook({ sim: { pairBurst: 20 } });
  });
  afterAll(() => sb.close());

  const upload = (bytes: Buffer, filename: string, contentType: string) => sb.api().post('/v1/uploads').attach('file', bytes, { filename, contentType });
  /** A conversation whose customer has just written, so the window is open. */
  const openThread = async (waId: string) => (await inbound(sb, sb.sim.customer(waId).sendText('hello'))).conversation_id as string;
  const reply = (conversation: string, body: Record<string, unknown>) => sb.api().post(`/v1/conversations/${conversation}/replies`).send(body);
  const sent = async (messageId: string) => {
    const find = () => sb.sim.acceptedMessages().find((m) => m.bizOpaqueCallbackData === messageId);
    await waitFor(() => find() !== undefined, { what: `message ${messageId} at the simulator` });
    return find()!;
  };
  const keptFiles = async () => (await sb.dataSource.query(`SELECT count(*)::int AS n FROM media_files`))[0].n as number;
  const storeFiles = async () => {
    const dirs = await readdir(sb.config.media.dir).catch(() => [] as string[]);
    return (await Promise.all(dirs.map((d) => readdir(`${sb.config.media.dir}/${d}`)))).flat();
  };

  it('says what each kind takes', async () => {
    const { body } = await sb.api().get('/v1/uploads/limits').expect(200);
    expect(body.kinds).toEqual(
      expect.arrayContaining([
        { kind: 'image', mime_types: ['image/jpeg', 'image/png'], max_bytes: 5 * MB, caption: true },
        expect.objectContaining({ kind: 'video', max_bytes: 16 * MB }),
        expect.objectContaining({ kind: 'document', max_bytes: 100 * MB }),
      ]),
    );
  });

  it('a PDF with a caption: one upload at Meta, one send by media_id; the thread keeps the file; a retry sends nothing twice', async () => {
    const pdf = pdfBytes('Invoice 42');
    const uploaded = await upload(pdf, 'invoice-42.pdf', 'application/pdf').expect(201);
    expect(uploaded.body).toMatchObject({
      upload_id: expect.any(String),
      kind: 'document',
      mime_type: 'application/pdf',
      size: pdf.length,
      filename: 'invoice-42.pdf',
    });
    const conversation = await openThread('16505550401');
    const body = { media: { upload_id: uploaded.body.upload_id, caption: 'Your invoice' }, client_request_id: 'invoice-1' };

    const first = await reply(conversation, body).expect(201);
    const message = first.body.message;
    const accepted = await sent(message.id);
    const uploads = sb.sim.uploads();
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({ mimeType: 'application/pdf', size: pdf.length, filename: 'invoice-42.pdf' });
    expect(accepted.type).toBe('document');
    expect(accepted.body.document).toEqual({ id: uploads[0]!.id, caption: 'Your invoice', filename: 'invoice-42.pdf' });
    expect(message.file).toMatchObject({
      state: 'kept',
      mime_type: 'application/pdf',
      filename: 'invoice-42.pdf',
      href: `/v1/media/${uploaded.body.upload_id}`,
    });

    // The same client request again: the same reply, no second upload, no second send.
    const again = await reply(conversation, body).expect(200);
    expect(again.body).toMatchObject({ deduplicated: true, message: { id: message.id } });
    expect(sb.sim.uploads()).toHaveLength(1);
    expect(sb.sim.acceptedMessages().filter((m) => m.bizOpaqueCallbackData === message.id)).toHaveLength(1);

    // What was sent stays in the thread after Meta forgets the id.
    sb.sim.expireMedia(uploads[0]!.id);
    const timeline = (await sb.api().get(`/v1/conversations/${conversation}/timeline`).expect(200)).body;
    const item = JSON.stringify(timeline);
    expect(item).toContain(`/v1/media/${uploaded.body.upload_id}`);
    const bytes = await sb
      .api()
      .get(`/v1/media/${uploaded.body.upload_id}`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(bytes.headers).toMatchObject({ 'content-type': 'application/pdf', 'x-content-type-options': 'nosniff' });
    expect((bytes.body as Buffer).equals(pdf)).toBe(true);
  });

  it('an image with a caption and a voice note (audio/ogg, voice: true) go by media_id', async () => {
    const conversation = await openThread('16505550402');
    const image = await upload(pngBytes(8, 8), 'photo.png', 'image/png').expect(201);
    const picture = await reply(conversation, { media: { upload_id: image.body.upload_id, caption: 'Here it is' } }).expect(201);
    expect((await sent(picture.body.message.id)).body.image).toEqual({ id: expect.stringMatching(/^\d+$/), caption: 'Here it is' });

    const voice = await upload(oggOpusBytes(), 'voice-note.ogg', 'audio/ogg').expect(201);
    expect(voice.body).toMatchObject({ kind: 'audio', mime_type: 'audio/ogg' });
    const note = await reply(conversation, { media: { upload_id: voice.body.upload_id, voice: true } }).expect(201);
    const accepted = await sent(note.body.message.id);
    expect(accepted.body.audio).toEqual({ id: expect.stringMatching(/^\d+$/), voice: true });
    expect(sb.sim.uploads().find((u) => u.id === (accepted.body.audio as { id: string }).id)).toMatchObject({ mimeType: 'audio/ogg' });
  });

  it('refuses before keeping anything: over the kind’s limit (413 naming it), a type WhatsApp does not take, a renamed file, an empty one', async () => {
    const before = { rows: await keptFiles(), files: (await storeFiles()).length };
    const tooBig = await upload(pngBytes(4, 4, { padTo: 5 * MB + 1024 }), 'huge.png', 'image/png').expect(413);
    expect(tooBig.body).toMatchObject({ error: 'payload_too_large', kind: 'image', max_bytes: 5 * MB, message: 'An image may be at most 5 MB on WhatsApp' });
    const gif = await upload(Buffer.from('GIF89a....'), 'party.gif', 'image/gif').expect(400);
    expect(gif.body).toMatchObject({ error: 'unsupported_media', message: expect.stringContaining('WhatsApp does not take image/gif') });
    const renamed = await upload(Buffer.from('MZ\x90\x00 this is a program'), 'invoice.pdf', 'application/pdf').expect(400);
    expect(renamed.body).toMatchObject({ error: 'unsupported_media', message: "the file's content is not application/pdf" });
    await upload(Buffer.alloc(0), 'empty.pdf', 'application/pdf').expect(400);
    const noFile = await sb.api().post('/v1/uploads').send({ file: 'x' }).expect(400);
    expect(noFile.body.details).toEqual([{ field: 'file', message: expect.stringContaining('multipart/form-data') }]);
    expect({ rows: await keptFiles(), files: (await storeFiles()).length }).toEqual(before);
  });

  it('a reply names its problems by field: an unknown upload, a caption on audio, voice on an image; free media outside the window is refused', async () => {
    const conversation = await openThread('16505550403');
    const unknown = await reply(conversation, { media: { upload_id: '00000000-0000-4000-8000-000000000000' } }).expect(400);
    expect(unknown.body.details).toEqual([{ field: 'media.upload_id', message: expect.stringContaining('POST /v1/uploads') }]);
    const voice = await upload(oggOpusBytes(), 'v.ogg', 'audio/ogg').expect(201);
    const caption = await reply(conversation, { media: { upload_id: voice.body.upload_id, caption: 'listen' } }).expect(400);
    expect(caption.body.details).toEqual([{ field: 'media.caption', message: expect.stringContaining('no caption') }]);
    const image = await upload(pngBytes(), 'a.png', 'image/png').expect(201);
    expect((await reply(conversation, { media: { upload_id: image.body.upload_id, voice: true } }).expect(400)).body.details[0].field).toBe('media.voice');
    expect((await reply(conversation, { media: { upload_id: 'nope' } }).expect(400)).body.details[0].field).toBe('media.upload_id');
    expect((await reply(conversation, { text: 'a', media: { upload_id: image.body.upload_id } }).expect(400)).body.details[0].field).toBe('text');

    const closed = (await sb.api().post('/v1/conversations').send({ to: '+16505550404' }).expect(200)).body.conversation.id as string;
    const uploadsBefore = sb.sim.uploads().length;
    expect((await reply(closed, { media: { upload_id: image.body.upload_id } }).expect(422)).body.error).toBe('window_closed');
    expect(sb.sim.uploads()).toHaveLength(uploadsBefore);
  });

  it('a customer’s photo is kept when it arrives, and still shown after Meta forgets its media id', async () => {
    const message = await inbound(sb, sb.sim.customer('16505550405').sendImage('the scratch'));
    const mediaId = (message.media as { id: string }).id;
    const original = sb.sim.media(mediaId)!.bytes;
    await waitFor(async () => (await sb.dataSource.query(`SELECT state FROM media_files WHERE inbound_message_id = $1`, [message.id]))[0]?.state === 'kept');
    expect(sb.sim.expireMedia(mediaId)).toBe(true);
    const res = await sb
      .api()
      .get(`/v1/inbound/${message.id}/media`)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect((res.body as Buffer).equals(original)).toBe(true);
  });
});
