import { keysFor, soonKeysFor } from './live-keys';

describe('keysFor: what a live event makes stale', () => {
  it.each([
    [
      'inbound.created',
      { conversation_id: 'c1' },
      [
        ['conversations', 'list'],
        ['conversations', 'detail', 'c1'],
        ['work-items', 'unattributed_inbound'],
        ['work-items', 'counts'],
      ],
    ],
    [
      'inbound.created',
      {},
      [
        ['conversations', 'list'],
        ['conversations', 'detail'],
        ['work-items', 'unattributed_inbound'],
        ['work-items', 'counts'],
      ],
    ],
    ['message.status', { message_id: 'm1', state: 'read' }, [['conversations', 'detail'], ['work-items']]],
    ['message.status', { message_id: 'm1', state: 'accepted' }, [['conversations', 'detail'], ['work-items']]],
    ['message.status', { message_id: 'm1', state: 'failed' }, [['conversations', 'detail'], ['work-items'], ['conversations', 'list']]],
    ['message.status', { message_id: 'm1', state: 'held' }, [['conversations', 'detail'], ['work-items'], ['conversations', 'list']]],
    ['work_item.changed', { kind: 'held', change: 'created' }, [['work-items', 'held'], ['work-items', 'counts'], ['metrics']]],
    ['work_item.changed', null, [['work-items'], ['metrics']]],
    [
      'conversation.changed',
      { conversation_id: 'c2', change: 'seen' },
      [
        ['conversations', 'list'],
        ['conversations', 'detail', 'c2'],
        ['work-items', 'waiting_customer'],
      ],
    ],
    ['something.new', {}, []],
  ])('%s %j', (type, data, keys) => {
    expect(keysFor(type, data)).toEqual(keys);
  });
});

describe('soonKeysFor: what a live event makes stale within the throttle interval', () => {
  it.each([
    ['message.status', { message_id: 'm1', state: 'accepted' }, [['conversations', 'list']]],
    ['message.status', { message_id: 'm1', state: 'delivered' }, []],
    ['message.status', null, []],
    ['inbound.created', { conversation_id: 'c1' }, []],
    ['conversation.changed', { conversation_id: 'c1', change: 'reply' }, [['work-items', 'counts']]],
    ['conversation.changed', { conversation_id: 'c1', change: 'updated', state: 'closed' }, [['work-items', 'counts']]],
    ['conversation.changed', { conversation_id: 'c1', change: 'seen' }, []],
  ])('%s %j', (type, data, keys) => {
    expect(soonKeysFor(type, data)).toEqual(keys);
  });
});
