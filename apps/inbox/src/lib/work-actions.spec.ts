import { NO_FILTERS } from './work-filters';
import {
  BULK_ACTIONS,
  WORK_ACTIONS,
  actionForKey,
  actionsOf,
  bulkMaxFrom,
  bulkOutcome,
  bulkSummary,
  bulkTooWide,
  resolutionWords,
  workAction,
} from './work-actions';

describe('work actions', () => {
  it('carry the contract’s button names', () => {
    expect(['retry', 'mark_sent', 'cancel', 'attribute', 'resolve'].map((a) => workAction(a as never).label)).toEqual([
      'Retry',
      'Mark sent',
      'Cancel',
      'Attribute',
      'Resolve',
    ]);
  });

  it('have one key each, none of them a "g" destination or j/k', () => {
    const keys = WORK_ACTIONS.map((a) => workAction(a).key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const reserved of ['g', 'c', 'w', 'h', 's', 'j', 'k']) expect(keys).not.toContain(reserved);
  });

  it('keep the API’s order and skip what the inbox does not know', () => {
    expect(actionsOf({ actions: ['mark_sent', 'retry', 'cancel', 'teleport'] })).toEqual(['mark_sent', 'retry', 'cancel']);
  });

  it.each([
    ['r', 'retry'],
    ['R', 'retry'],
    ['x', 'cancel'],
    ['a', null],
  ])('key %s on a stuck row → %s', (key, action) => {
    expect(actionForKey({ actions: ['mark_sent', 'retry', 'cancel'] }, key)).toBe(action);
  });

  it('take a waiting customer with Assign to me (t), answered in the thread, never in bulk; a wait ends replied or closed', () => {
    expect(workAction('assign_to_me').label).toBe('Assign to me');
    expect(actionForKey({ actions: ['assign_to_me'] }, 't')).toBe('assign_to_me');
    expect(BULK_ACTIONS.waiting_customer).toEqual([]);
    expect(resolutionWords('replied')).toBe('Replied');
    expect(resolutionWords('closed')).toBe('Closed');
  });

  it('offer no bulk action for unattributed replies (each needs its own choice)', () => {
    expect(BULK_ACTIONS.unattributed_inbound).toEqual([]);
    expect(BULK_ACTIONS.stuck_sending).toContain('retry');
  });
});

describe('bulk summary', () => {
  const filters = { ...NO_FILTERS, number: '106540352242922', purpose: 'order_shipped' };
  it.each([
    [{ count: 37, max: 500 }, 'This will retry 37 rows of number 106540352242922, purpose order_shipped.', true],
    [{ count: 1, max: 500 }, 'This will retry 1 row of number 106540352242922, purpose order_shipped.', true],
    [{ count: 0, max: 500 }, 'Nothing to retry: no open rows of number 106540352242922, purpose order_shipped.', false],
    [
      { count: 501, max: 500 },
      '501 rows of number 106540352242922, purpose order_shipped is more than 500, the most one bulk action may take. Narrow the filters first.',
      false,
    ],
    [{ count: 2000, max: null }, 'This will retry 2,000 rows of number 106540352242922, purpose order_shipped.', true],
  ])('%o', ({ count, max }, words, allowed) => {
    expect(bulkSummary({ kind: 'stuck_sending', action: 'retry', count, max, filters })).toEqual({ words, allowed });
  });

  it('without filters: the whole queue', () => {
    expect(bulkSummary({ kind: 'poison_webhook', action: 'replay', count: 3, max: 10, filters: NO_FILTERS }).words).toBe(
      'This will replay 3 deliveries in this queue.',
    );
  });

  it('says what happened after the run', () => {
    expect(bulkOutcome({ kind: 'stuck_sending', action: 'retry', count: 3, done: 3, failed: 0 })).toBe('Retried 3 rows.');
    expect(bulkOutcome({ kind: 'failed', action: 'dismiss', count: 5, done: 4, failed: 1 })).toBe('Dismissed 4 of 5 messages; 1 could not be.');
  });

  it('says why a too-wide selection is refused', () => {
    expect(bulkTooWide({ kind: 'stuck_sending', max: 4, filters: { ...NO_FILTERS, purpose: 'promo' } })).toBe(
      'More than 4 open rows of purpose promo: one bulk action takes at most 4. Narrow the filters first.',
    );
    expect(bulkTooWide({ kind: 'failed', max: null, filters: NO_FILTERS })).toBe(
      'Too many open messages in this queue: one bulk action may not take them all. Narrow the filters first.',
    );
  });

  it('reads the maximum from the API’s refusal', () => {
    expect(bulkMaxFrom('the filter selects 7 items, more than 4 items at once')).toBe(4);
    expect(bulkMaxFrom('more than 1,000 items')).toBe(1000);
    expect(bulkMaxFrom('something else')).toBeNull();
  });
});

describe('resolutions in words', () => {
  it.each([
    ['retry', 'Retried'],
    ['resent', 'Resent as a new message'],
    ['released', 'Released as a template'],
    ['attribute', 'Attributed'],
    ['something_new', 'something new'],
  ])('%s → %s', (action, words) => {
    expect(resolutionWords(action)).toBe(words);
  });
});
