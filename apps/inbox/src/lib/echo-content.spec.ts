import type { Inbound, MessageEcho, TimelineEntry } from '@sendbook/api-contract';
import { echoContent } from './echo-content';
import { lastMessageLine } from './last-message-line';
import { buildThread } from './thread';

const echo = (type: string, raw: Record<string, unknown>, text: string | null = null) => ({ type, text, raw: { type, ...raw } });

describe('echoContent: a message sent from the WhatsApp Business app, as the thread shows it', () => {
  it.each([
    ['text', echo('text', { text: { body: 'On my way!' } }, 'On my way!'), { text: 'On my way!', label: null }],
    [
      'a photo with a caption',
      echo('image', { image: { id: '1', caption: 'The invoice', mime_type: 'image/jpeg' } }, 'The invoice'),
      { text: 'The invoice', label: 'Photo' },
    ],
    ['a type this inbox cannot draw, with words', echo('poll', { poll: { q: 1 } }, 'Which day?'), { text: 'Which day?', raw: null }],
    ['a type this inbox cannot draw, without words', echo('poll', { poll: { q: 1 } }), { text: null, label: 'A poll message' }],
  ])('%s', (_, value, expected) => {
    expect(echoContent(value)).toMatchObject(expected);
  });
});

const AT = '2026-12-02T10:00:00Z';
const customer = (id: string, extra: Record<string, unknown> = {}): TimelineEntry => ({
  direction: 'inbound',
  at: AT,
  inbound: {
    id,
    wamid: `wamid.${id}`,
    type: 'text',
    text: `text of ${id}`,
    reaction: null,
    context_wamid: null,
    message_id: null,
    raw: {},
    ...extra,
  } as unknown as Inbound,
});
const fromPhone = (id: string, text: string): TimelineEntry => ({
  direction: 'echo',
  at: AT,
  echo: { id, wamid: `wamid.${id}`, type: 'text', text, raw: { type: 'text', text: { body: text } } } as unknown as MessageEcho,
});

describe('a message sent from the WhatsApp Business app sits among ours', () => {
  it('as an echo item with its words; a customer reply quotes it', () => {
    const reply = customer('i2', { text: 'ok', context_wamid: 'wamid.e1' });
    const items = buildThread([customer('i1'), fromPhone('e1', 'Coming at 5'), reply], '2026-12-02T14:30:00Z');
    expect(items.filter((i) => i.kind !== 'day').map((i) => i.key)).toEqual(['in-i1', 'echo-e1', 'in-i2']);
    const sent = items.find((i) => i.key === 'echo-e1');
    expect(sent?.kind === 'echo' ? sent.content.text : null).toBe('Coming at 5');
    const answer = items.find((i) => i.key === 'in-i2');
    expect(answer?.kind === 'inbound' ? answer.quote : null).toEqual({ text: 'Coming at 5', author: 'business', found: true, target: 'echo-e1' });
  });
});

describe('lastMessageLine: a message sent from the phone is the thread’s last word too', () => {
  it('reads as ours, from the phone', () => {
    const entry = { direction: 'echo', at: AT, echo: { ...echo('text', { text: { body: 'On my way!' } }, 'On my way!') } } as unknown as TimelineEntry & {
      direction: 'echo';
    };
    expect(lastMessageLine(entry)).toBe('You, from the phone: On my way!');
  });
});
