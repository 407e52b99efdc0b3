import { MESSAGE_STATES, mergeStatus, statusRank, type MessageState } from './status-rank.js';

// Rows: current state. Columns: incoming status. Cell: A = applied, - = ignored.
// Legacy/unknown values (deleted, warning, bogus, "") are never applied.
const INCOMING = [...MESSAGE_STATES, 'deleted', 'warning', 'bogus', ''] as const;
const TABLE: Record<MessageState, string> = {
  //          queued sending accepted sent delivered read played failed deleted warning bogus ""
  queued: '   -      A       A        A     A        A     A     A      -       -       -    -',
  sending: '  -      -       A        A     A        A     A     A      -       -       -    -',
  accepted: ' -      -       -        A     A        A     A     A      -       -       -    -',
  sent: '     -      -       -        -     A        A     A     A      -       -       -    -',
  delivered: '-      -       -        -     -        A     A     A      -       -       -    -',
  read: '     -      -       -        -     -        -     A     A      -       -       -    -',
  played: '   -      -       -        -     -        -     -     A      -       -       -    -',
  failed: '   -      -       -        -     -        -     -     -      -       -       -    -',
};

const cases = MESSAGE_STATES.flatMap((current) => {
  const cells = TABLE[current].trim().split(/\s+/);
  return INCOMING.map((incoming, i) => [current, incoming, cells[i] === 'A'] as const);
});

describe('mergeStatus: every (current, incoming) pair', () => {
  it('has a full table', () => {
    expect(cases).toHaveLength(MESSAGE_STATES.length * INCOMING.length);
    for (const current of MESSAGE_STATES) expect(TABLE[current].trim().split(/\s+/)).toHaveLength(INCOMING.length);
  });

  it.each(cases)('%s + %j → apply %s', (current, incoming, apply) => {
    const result = mergeStatus(current, incoming);
    expect(result.apply).toBe(apply);
    expect(result.next).toBe(apply ? incoming : current);
  });
});

describe('mergeStatus reasons', () => {
  it.each([
    ['sent', 'delivered', 'advanced'],
    ['read', 'delivered', 'stale'],
    ['delivered', 'sent', 'stale'],
    ['delivered', 'delivered', 'duplicate'],
    ['read', 'failed', 'failed_wins'],
    ['played', 'failed', 'failed_wins'],
    ['failed', 'read', 'already_failed'],
    ['failed', 'failed', 'duplicate'],
    ['sent', 'deleted', 'unknown_status'],
    ['failed', 'warning', 'unknown_status'],
  ] as const)('%s + %s → %s', (current, incoming, reason) => {
    expect(mergeStatus(current, incoming).reason).toBe(reason);
  });

  it('converges whatever the arrival order (delivered before sent, read without delivered)', () => {
    const orders = [
      ['sent', 'delivered', 'read'],
      ['delivered', 'sent', 'read'],
      ['read', 'sent', 'delivered'],
      ['read', 'delivered', 'delivered', 'sent'],
    ];
    for (const order of orders) {
      const final = order.reduce<MessageState>((state, incoming) => mergeStatus(state, incoming).next, 'accepted');
      expect(final).toBe('read');
    }
  });
});

describe('rank helpers', () => {
  it('orders the ladder and puts failed above it', () => {
    const ranks = MESSAGE_STATES.map((state) => statusRank(state));
    expect(ranks).toEqual([...ranks].sort((a, b) => (a ?? 0) - (b ?? 0)));
    expect(MESSAGE_STATES).toEqual(['queued', 'sending', 'accepted', 'sent', 'delivered', 'read', 'played', 'failed']);
    expect(statusRank('deleted')).toBeNull();
    expect(statusRank('toString')).toBeNull();
  });
});
