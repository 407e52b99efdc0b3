import { NO_LIMITS, type Principal } from '../../common/auth/principal.js';
import {
  admitStream,
  entriesToSend,
  parseRevocation,
  principalKey,
  replayDone,
  revocationData,
  revocationMatches,
  type AccessRevocation,
  type HubEntry,
} from './stream-rules.js';

const limits = { maxStreams: 10, maxStreamsPerPrincipal: 3 };
const key: Principal = { kind: 'api_key', apiKeyId: 'k1', scopes: ['send'], name: 'shop', integration: 'shop', integrationKeys: ['k1'], limits: NO_LIMITS };
const otherKey: Principal = { kind: 'api_key', apiKeyId: 'k2', scopes: ['admin'], name: 'crm', integration: 'crm', integrationKeys: ['k2'], limits: NO_LIMITS };
const staff: Principal = { kind: 'staff', staffId: 's1', sessionId: 'x1', role: 'agent', email: 'a@example.com', name: 'Ana' };
const staffOtherSession: Principal = { ...staff, sessionId: 'x2' };

describe('admitStream', () => {
  it.each([
    ['room everywhere', 0, 0, { ok: true }],
    ['the caller has one left', 9, 2, { ok: true }],
    ['unknown caller: only the process cap', 9, null, { ok: true }],
    ['the process is full', 10, 0, { ok: false, status: 503, error: 'unavailable' }],
    ['the process is full, for an unknown caller too', 10, null, { ok: false, status: 503, error: 'unavailable' }],
    ['full and the caller at its cap: the server condition wins', 10, 3, { ok: false, status: 503, error: 'unavailable' }],
    ['the caller holds its share', 5, 3, { ok: false, status: 429, error: 'too_many_streams' }],
  ])('%s', (_, total, ofPrincipal, expected) => {
    expect(admitStream({ total, ofPrincipal }, limits)).toMatchObject(expected);
  });
});

describe('principalKey', () => {
  it.each([
    ['an API key', key, 'api_key:k1'],
    ['a staff member, whatever the session', staffOtherSession, 'staff:s1'],
    ['nobody known', undefined, null],
  ])('%s', (_, principal, expected) => {
    expect(principalKey(principal)).toBe(expected);
  });
});

describe('revocations', () => {
  it.each<[string, AccessRevocation, Principal | undefined, boolean]>([
    ['the key revoked', { apiKeyId: 'k1' }, key, true],
    ['another key revoked', { apiKeyId: 'k1' }, otherKey, false],
    ['a key id never matches a staff member', { apiKeyId: 's1' }, staff, false],
    ['the staff member revoked: every session', { staffId: 's1' }, staffOtherSession, true],
    ['the session revoked', { sessionId: 'x1' }, staff, true],
    ['another session of the same person', { sessionId: 'x1' }, staffOtherSession, false],
    ['a staff id never matches a key', { staffId: 'k1' }, key, false],
    ['any named field that matches is enough', { staffId: 'nobody', sessionId: 'x1' }, staff, true],
    ['nothing named', {}, staff, false],
    ['an unknown caller', { apiKeyId: 'k1' }, undefined, false],
  ])('%s', (_, revocation, principal, expected) => {
    expect(revocationMatches(revocation, principal)).toBe(expected);
  });

  it.each<[string, unknown, AccessRevocation | null]>([
    ['all three', { api_key_id: 'k', staff_id: 's', session_id: 'x', at: '2026-01-01T00:00:00Z' }, { apiKeyId: 'k', staffId: 's', sessionId: 'x' }],
    ['one', { session_id: 'x' }, { apiKeyId: undefined, staffId: undefined, sessionId: 'x' }],
    ['empty strings and other types name nothing', { api_key_id: '', staff_id: 7 }, null],
    ['no object', 'api_key_id', null],
    ['null', null, null],
  ])('parses %s', (_, data, expected) => {
    expect(parseRevocation(data)).toEqual(expected);
  });

  it('publishes only the fields given, and reads back what it published', () => {
    expect(revocationData({ apiKeyId: 'k1' })).toEqual({ api_key_id: 'k1' });
    expect(revocationData({ staffId: 's1', sessionId: 'x1' })).toEqual({ staff_id: 's1', session_id: 'x1' });
    expect(parseRevocation(revocationData({ staffId: 's1' }))).toMatchObject({ staffId: 's1' });
  });
});

describe('entriesToSend: joining the live feed after a replay', () => {
  const event = (id: string): HubEntry => ({ kind: 'event', id });
  const reset = (id: string | null): HubEntry => ({ kind: 'reset', id });
  it.each<[string, HubEntry[], string, HubEntry[]]>([
    ['nothing held', [], '5-0', []],
    ['all held entries are newer than the replay', [event('6-0'), event('7-0')], '5-0', [event('6-0'), event('7-0')]],
    ['the replay overlapped the held entries: the overlap is skipped', [event('4-0'), event('5-0'), event('6-0')], '5-0', [event('6-0')]],
    ['the replay read past everything held', [event('3-0'), event('4-0')], '5-0', []],
    ['same millisecond, later sequence', [event('5-0'), event('5-1')], '5-0', [event('5-1')]],
    ['a reset is kept even when older than the replay', [reset('4-0'), event('5-0'), event('6-0')], '5-0', [reset('4-0'), event('6-0')]],
    ['a reset of an empty stream (no id) is kept', [reset(null)], '5-0', [reset(null)]],
    ['a new client (nothing replayed): from the newest entry it was told about', [event('9-0'), event('10-0')], '9-0', [event('10-0')]],
    ['an empty stream: everything held is new', [event('1-0')], '0-0', [event('1-0')]],
    ['a live batch from a reader that lags behind the replay', [event('5-0'), event('5-1'), event('6-0')], '5-1', [event('6-0')]],
  ])('%s', (_, entries, after, expected) => {
    expect(entriesToSend(entries, after)).toEqual(expected);
  });
});

describe('replayDone', () => {
  it.each<[string, number, string, string | null, boolean]>([
    ['a short page: the end of the stream', 3, '9-0', null, true],
    ['an empty page', 0, '5-0', null, true],
    ['a full page, nothing held: read on', 100, '9-0', null, false],
    ['a full page short of the first held entry: read on', 100, '9-0', '12-0', false],
    ['a full page that reached the first held entry', 100, '12-0', '12-0', true],
    ['a full page past it', 100, '13-0', '12-0', true],
  ])('%s', (_, length, lastReplayed, firstHeld, expected) => {
    expect(replayDone({ length, size: 100 }, lastReplayed, firstHeld)).toBe(expected);
  });
});
