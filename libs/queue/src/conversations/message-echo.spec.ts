import { readFileSync } from 'node:fs';
import { parseWebhook, type MessageEcho } from '@sendbook/whatsapp';
import { ECHO_THREAD_EFFECT, echoRow } from './message-echo.js';

function fixtureEcho(): { phoneNumberId: string | null; echo: MessageEcho } {
  const result = parseWebhook(readFileSync(new URL('../../../whatsapp/fixtures/smb-message-echoes-text-meta-docs.json', import.meta.url)));
  if (!result.ok || result.events[0]?.kind !== 'echo') throw new Error('expected an echo event');
  return result.events[0];
}

const receivedAt = new Date('2025-02-12T00:50:00Z');

describe('echoRow: an echo of a message sent from the WhatsApp Business app, as its thread shows it', () => {
  it("Meta's example: the user's thread on the business number, at Meta's time, with its text", () => {
    const { phoneNumberId, echo } = fixtureEcho();
    expect(echoRow({ phoneNumberId, echo, fallbackId: 'sha256-x', receivedAt })).toEqual({
      phoneNumberId: '106540352242922',
      wamid: 'wamid.HBgLMTY0NjcwNDM1OTUVAgARGBIyNDlBOEI5QUQ4NDc0N0FCNjMA',
      toWaId: '16505551234',
      toUserId: null,
      contactKey: '16505551234',
      type: 'text',
      text: "Here's the info you requested! https://www.meta.com/quest/quest-3/",
      timestamp: new Date(1739321024 * 1000),
      activityAt: new Date(1739321024 * 1000),
    });
  });

  it.each<[string, Partial<MessageEcho>, Record<string, unknown>]>([
    ['a user known by their business-scoped id is keyed by it', { toUserId: 'US.1349' }, { contactKey: 'US.1349', toWaId: '16505551234' }],
    ['no wamid: the content hash stands in', { id: '' }, { wamid: 'sha256-x' }],
    ['no timestamp: when it reached us', { timestamp: null }, { timestamp: null, activityAt: receivedAt }],
    ['a timestamp in the future: never after it reached us', { timestamp: receivedAt.getTime() / 1000 + 3600 }, { activityAt: receivedAt }],
  ])('%s', (_, change, expected) => {
    const row = echoRow({ phoneNumberId: '106540352242922', echo: { ...fixtureEcho().echo, ...change }, fallbackId: 'sha256-x', receivedAt });
    expect(row).toMatchObject(expected);
  });

  it.each<[string, Partial<MessageEcho>, string | null]>([
    ['no user named', { to: null }, '106540352242922'],
    ['no business number', {}, null],
  ])('%s: nowhere to show it', (_, change, phoneNumberId) => {
    expect(echoRow({ phoneNumberId, echo: { ...fixtureEcho().echo, ...change }, fallbackId: 'sha256-x', receivedAt })).toBeNull();
  });

  it('leaves the thread unread count and its window alone', () => {
    expect(ECHO_THREAD_EFFECT).toEqual({ unread: 0, opensWindow: false });
  });
});
