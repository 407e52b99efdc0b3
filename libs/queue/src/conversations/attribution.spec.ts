import { decideAttribution, type AttributionInput } from './attribution.js';

const base: AttributionInput = { type: 'text', namedWamid: null, target: null, forwarded: false, awaiting: [] };

describe('decideAttribution', () => {
  it.each<[string, Partial<AttributionInput>, ReturnType<typeof decideAttribution>]>([
    [
      'quoted reply to our message',
      { namedWamid: 'wamid.B', target: { kind: 'outbound', messageId: 'm2' }, awaiting: ['m3', 'm2', 'm1'] },
      { attribution: 'message', messageId: 'm2', reason: 'context_outbound' },
    ],
    [
      'button reply to our message',
      { type: 'interactive', namedWamid: 'wamid.B', target: { kind: 'outbound', messageId: 'm2' } },
      { attribution: 'message', messageId: 'm2', reason: 'context_outbound' },
    ],
    [
      'quoted reply to her own message',
      { namedWamid: 'wamid.in', target: { kind: 'inbound', inboundId: 'i1' }, awaiting: ['m1', 'm2'] },
      { attribution: 'conversation', messageId: null, reason: 'context_inbound' },
    ],
    [
      'context naming an unknown wamid',
      { namedWamid: 'wamid.x', target: { kind: 'unknown' } },
      { attribution: 'unattributed', messageId: null, reason: 'context_unknown' },
    ],
    [
      'context with no lookup result counts as unknown',
      { namedWamid: 'wamid.x', target: null },
      { attribution: 'unattributed', messageId: null, reason: 'context_unknown' },
    ],
    ['no context, nothing awaiting', {}, { attribution: 'conversation', messageId: null, reason: 'none_awaiting' }],
    ['no context, one awaiting', { awaiting: ['m1'] }, { attribution: 'conversation', messageId: 'm1', reason: 'single_awaiting' }],
    ['no context, two awaiting', { awaiting: ['m2', 'm1'] }, { attribution: 'unattributed', messageId: null, reason: 'several_awaiting' }],
    ['no context, three awaiting', { awaiting: ['m3', 'm2', 'm1'] }, { attribution: 'unattributed', messageId: null, reason: 'several_awaiting' }],
    ['forwarded is never a reply', { forwarded: true, awaiting: ['m1'] }, { attribution: 'conversation', messageId: null, reason: 'forwarded' }],
    [
      'forwarded with several awaiting is not a work item',
      { forwarded: true, awaiting: ['m1', 'm2'] },
      { attribution: 'conversation', messageId: null, reason: 'forwarded' },
    ],
    [
      'reaction to our message',
      { type: 'reaction', namedWamid: 'wamid.B', target: { kind: 'outbound', messageId: 'm2' } },
      { attribution: 'message', messageId: 'm2', reason: 'reaction' },
    ],
    [
      'reaction to an unknown message',
      { type: 'reaction', namedWamid: 'wamid.x', target: { kind: 'unknown' }, awaiting: ['m1', 'm2'] },
      { attribution: 'conversation', messageId: null, reason: 'reaction' },
    ],
  ])('%s', (_, input, expected) => {
    expect(decideAttribution({ ...base, ...input })).toEqual(expected);
  });
});
