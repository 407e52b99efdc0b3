import { mkdtemp, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inbound } from '../conversations/conversation-support.js';
import { conversationOf } from '../support/agent-inbox.js';
import type { InboxServer } from '../support/inbox-server.js';
import { startInboxStack, type InboxStack } from '../support/inbox-stack.js';
import { assertLocalOnly, look, type InboxPage } from '../support/inbox-browser.js';
import { pdfBytes, pngBytes } from '../support/media-files.js';
import type { Sendbook } from '../support/sendbook.js';
import { createStaff } from '../support/staff.js';
import { waitFor } from '../support/wait-for.js';

const MB = 1024 * 1024;

/**
 * Files and voice notes from the composer, in Chromium on the real stack: each file is checked
 * against WhatsApp's limits before a byte is sent, uploaded once (the simulator counts), sent once
 * by media id, and shown in the thread from Sendbook's own copy after a reload; a voice note is
 * recorded from the (fake) microphone and reaches the simulator as OGG/Opus with `voice: true`.
 */
describe('attachments and voice notes', () => {
  let stack: InboxStack;
  let sb: Sendbook;
  let inbox: InboxServer;
  let tab: InboxPage;
  let threadUrl: string;
  beforeAll(async () => {
    stack = await startInboxStack({ sendbook: { sim: { pairBurst: 20 } }, signInAs: (api) => createStaff(api, 'agent', 'Avi Agent') });
    ({ sb, inbox, tab } = stack);
    const noa = sb.sim.customer('972504440001', { name: 'Noa Cohen' });
    await inbound(sb, noa.sendText('Can you send me the invoice and a photo of the parcel?'));
    threadUrl = `${inbox.url}/conversations/${await conversationOf(sb, noa.waId)}`;
    await tab.context.grantPermissions(['microphone'], { origin: inbox.url });
  }, 120_000);
  afterAll(() => stack?.close());
  afterEach(() => assertLocalOnly(tab.outside));

  const sentTo = (type: string) => sb.sim.acceptedMessages().filter((m) => m.to === '972504440001' && m.type === type);

  it('a PDF and an image with a caption: one upload and one send each, by media id; both shown after a reload', async () => {
    const { page } = tab;
    await page.goto(threadUrl);
    const message = page.getByRole('textbox', { name: 'Message', exact: true });
    await message.waitFor();

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Attach' }).click();
    await (await chooser).setFiles({ name: 'invoice-42.pdf', mimeType: 'application/pdf', buffer: pdfBytes('Invoice 42') });
    await page.getByRole('button', { name: 'Remove' }).waitFor();
    await page.getByText('invoice-42.pdf').waitFor();
    await waitFor(() => page.getByRole('button', { name: 'Send', exact: true }).isEnabled());
    await look(page, 'attachment-ready');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await waitFor(() => sentTo('document').length === 1, { what: 'the PDF at the simulator' });
    await page.getByRole('button', { name: 'Remove' }).waitFor({ state: 'detached' });

    await page.getByTestId('attach-input').setInputFiles({ name: 'parcel.png', mimeType: 'image/png', buffer: pngBytes(64, 48) });
    await message.fill('The parcel as it left us');
    await waitFor(() => page.getByRole('button', { name: 'Send', exact: true }).isEnabled());
    await message.press('Enter');
    // Taken by the composer (cleared), then at the simulator: one customer's second message waits
    // its 6 s, and a loaded CI machine has taken longer than 45 s for the rest.
    await waitFor(async () => (await message.inputValue()) === '', { what: 'the composer to take the image and its caption' });
    await waitFor(() => sentTo('image').length === 1, { what: 'the image at the simulator', timeoutMs: 90_000 });

    const uploads = sb.sim.uploads();
    expect(uploads.map((u) => u.mimeType).sort()).toEqual(['application/pdf', 'image/png']);
    expect(sentTo('document')[0]!.body.document).toEqual({ id: uploads.find((u) => u.mimeType === 'application/pdf')!.id, filename: 'invoice-42.pdf' });
    expect(sentTo('image')[0]!.body.image).toEqual({ id: uploads.find((u) => u.mimeType === 'image/png')!.id, caption: 'The parcel as it left us' });

    await page.reload();
    const log = page.getByRole('log', { name: 'Messages' });
    await log.getByRole('link', { name: /Download invoice-42\.pdf/ }).waitFor();
    const picture = log.getByRole('img', { name: 'parcel.png' });
    await picture.waitFor();
    await waitFor(() => picture.evaluate((img) => (img as unknown as { complete: boolean; naturalWidth: number }).naturalWidth === 64));
    await log.getByText('The parcel as it left us').waitFor();
    await look(page, 'attachments-sent');
  });

  it('a 120 MB video is refused before any upload, saying the limit', async () => {
    const { page } = tab;
    const before = sb.sim.uploads().length;
    const posted: string[] = [];
    page.on('request', (request) => request.url().endsWith('/v1/uploads') && posted.push(request.method()));
    // A sparse 120 MB file: the browser reads its size, nothing reads its bytes.
    const video = path.join(await mkdtemp(path.join(os.tmpdir(), 'sendbook-video-')), 'unboxing.mp4');
    await writeFile(video, '');
    await truncate(video, 120 * MB);
    await page.getByTestId('attach-input').setInputFiles(video);
    const alert = page.getByRole('alert').filter({ hasText: 'unboxing.mp4' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('A video may be at most 16 MB on WhatsApp; this one is 120 MB');
    await look(page, 'attachment-refused');
    expect(posted).toEqual([]);
    expect(sb.sim.uploads()).toHaveLength(before);
    await page.getByRole('button', { name: 'Dismiss' }).click();
  });

  it('a voice note recorded in the browser reaches the simulator as audio/ogg with voice: true', async () => {
    const { page } = tab;
    await page.getByRole('button', { name: 'Record voice note' }).click();
    await page.getByRole('status').filter({ hasText: 'Recording' }).waitFor();
    await waitFor(async () => (await page.getByTestId('recording-elapsed').textContent()) === '0:02', { what: 'two seconds of recording' });
    await look(page, 'voice-recording');
    await page.getByRole('button', { name: 'Stop recording' }).click();
    // The agent can listen before sending it, and could discard it with Remove.
    await page.getByRole('button', { name: 'Remove' }).waitFor();
    await page.locator('audio[aria-label^="Listen to"]').waitFor();
    await waitFor(() => page.getByRole('button', { name: 'Send', exact: true }).isEnabled());
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await waitFor(() => sentTo('audio').length === 1, { what: 'the voice note at the simulator' });
    const audio = sentTo('audio')[0]!.body.audio as { id: string; voice: boolean };
    expect(audio.voice).toBe(true);
    const upload = sb.sim.uploads().find((u) => u.id === audio.id)!;
    expect(upload.mimeType).toBe('audio/ogg');
    // Really OGG: the bytes the simulator keeps begin with an Ogg page holding an Opus header.
    const bytes = sb.sim.media(audio.id)!.bytes;
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('OggS');
    expect(bytes.includes(Buffer.from('OpusHead'))).toBe(true);
    expect(bytes.length).toBeGreaterThan(1000);
  });

  it('a customer’s photo is still shown after the simulator forgets its media id', async () => {
    const { page } = tab;
    const tal = sb.sim.customer('972504440002', { name: 'Tal Mizrahi' });
    const message = await inbound(sb, tal.sendImage('the scratch on the lid'));
    const mediaId = (message.media as { id: string }).id;
    await waitFor(async () => (await sb.dataSource.query(`SELECT state FROM media_files WHERE inbound_message_id = $1`, [message.id]))[0]?.state === 'kept', {
      what: 'the photo kept',
    });
    expect(sb.sim.expireMedia(mediaId)).toBe(true);
    await page.goto(`${inbox.url}/conversations/${await conversationOf(sb, tal.waId)}`);
    const picture = page.getByRole('log', { name: 'Messages' }).getByRole('img', { name: /from Tal Mizrahi/ });
    await picture.waitFor();
    await waitFor(() => picture.evaluate((img) => (img as unknown as { complete: boolean; naturalWidth: number }).naturalWidth > 0), {
      what: 'the photo drawn',
    });
    await page.getByRole('log', { name: 'Messages' }).getByText('the scratch on the lid', { exact: true }).waitFor();
    await look(page, 'inbound-photo-kept');
  });
});
