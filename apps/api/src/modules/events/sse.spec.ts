import { compareStreamIds, formatSseComment, formatSseEvent, formatSseRetry, parseStreamId, planResume } from './sse.js';

describe('SSE formatting', () => {
  it('writes id, event and data lines ended by a blank line', () => {
    expect(formatSseEvent({ id: '1700000000000-0', event: 'inbound.created', data: { inbound_id: 'a', text: 'hi\nthere' } })).toBe(
      'id: 1700000000000-0\nevent: inbound.created\ndata: {"inbound_id":"a","text":"hi\\nthere"}\n\n',
    );
  });

  it('leaves out the id line when there is none and keeps field values on one line', () => {
    expect(formatSseEvent({ event: 'reset\nevil', data: null })).toBe('event: reset evil\ndata: null\n\n');
  });

  it('writes comments and the retry interval', () => {
    expect(formatSseComment('ping')).toBe(': ping\n\n');
    expect(formatSseRetry(2000)).toBe('retry: 2000\n\n');
  });
});

describe('stream ids', () => {
  it('parses only <ms>-<seq>', () => {
    expect(parseStreamId('1700000000000-12')).toEqual({ ms: 1700000000000n, seq: 12n });
    for (const bad of ['', '$', '0', '1-2-3', 'abc-1', '+', null, undefined]) expect(parseStreamId(bad)).toBeNull();
  });

  it('compares by time, then sequence', () => {
    const id = (s: string) => parseStreamId(s)!;
    expect(compareStreamIds(id('5-0'), id('10-0'))).toBe(-1);
    expect(compareStreamIds(id('10-2'), id('10-1'))).toBe(1);
    expect(compareStreamIds(id('10-1'), id('10-1'))).toBe(0);
  });
});

describe('planResume', () => {
  it('starts a new client at the newest entry', () => {
    expect(planResume(undefined, '1-0', '9-0')).toEqual({ kind: 'resume', from: '9-0' });
    expect(planResume('', null, null)).toEqual({ kind: 'resume', from: '0-0' });
  });

  it('resumes after a kept id', () => {
    expect(planResume('5-0', '1-0', '9-0')).toEqual({ kind: 'resume', from: '5-0' });
    expect(planResume('1-0', '1-0', '9-0')).toEqual({ kind: 'resume', from: '1-0' });
    expect(planResume('9-0', '1-0', '9-0')).toEqual({ kind: 'resume', from: '9-0' });
  });

  it('resets when the id is older than the stream keeps, unknown, or the stream was lost', () => {
    expect(planResume('0-5', '1-0', '9-0')).toEqual({ kind: 'reset', from: '9-0', reason: 'trimmed' });
    expect(planResume('garbage', '1-0', '9-0')).toEqual({ kind: 'reset', from: '9-0', reason: 'unknown_id' });
    expect(planResume('5-0', null, null)).toEqual({ kind: 'reset', from: '0-0', reason: 'stream_lost' });
    expect(planResume('50-0', '1-0', '9-0')).toEqual({ kind: 'reset', from: '9-0', reason: 'stream_lost' });
  });
});
