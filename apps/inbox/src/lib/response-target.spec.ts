import { awaitingAssignmentWords, compactDuration, describeResponseTarget, waitingForWords } from './response-target';

const NOW = '2026-12-02T14:30:00Z';
const at = (seconds: number) => new Date(Date.parse(NOW) + seconds * 1000).toISOString();

describe('compactDuration', () => {
  it.each([
    [0, false, '0s'],
    [-5_000, false, '0s'],
    [38_900, false, '38s'],
    [60_000, true, '1m'],
    [252_000, true, '4m 12s'],
    [252_000, false, '4m'],
    [12 * 60_000 + 59_999, false, '12m'],
    [3_600_000, true, '1h'],
    [3 * 3_600_000 + 5 * 60_000 + 30_000, true, '3h 5m'],
    [86_400_000, false, '1d'],
    [2 * 86_400_000 + 4 * 3_600_000 + 59 * 60_000, false, '2d 4h'],
  ])('%d ms (seconds %s) → %s', (ms, seconds, words) => {
    expect(compactDuration(ms, { seconds })).toBe(words);
  });
});

describe('describeResponseTarget', () => {
  const wait = (response: Partial<NonNullable<Parameters<typeof describeResponseTarget>[0]['response']>> | null, state: 'open' | 'closed' = 'open') => ({
    state,
    response: response === null ? null : { waiting_for: 'first_response' as const, waiting_since: at(-60), due_at: null, breached_at: null, ...response },
  });

  it('nobody waiting, or a closed thread: nothing to show', () => {
    expect(describeResponseTarget(wait(null), NOW)).toBeNull();
    expect(describeResponseTarget(wait({ due_at: at(30) }, 'closed'), NOW)).toBeNull();
  });

  it.each([
    [{ due_at: at(252) }, 'First response due in 4m 12s', 'upcoming', 'neutral', true],
    [{ waiting_for: 'next_response' as const, due_at: at(38) }, 'Reply due in 38s', 'soon', 'warning', true],
    [{ due_at: at(60) }, 'First response due in 1m', 'soon', 'warning', true],
    [{ due_at: at(2 * 3600 + 300) }, 'First response due in 2h 5m', 'upcoming', 'neutral', false],
    // The page's clock passed the target before the server's breach check: already past.
    [{ due_at: at(-20) }, 'Waiting 20s past target', 'passed', 'danger', true],
    [{ due_at: at(0) }, 'Waiting 0s past target', 'passed', 'danger', true],
    [{ due_at: at(-180), breached_at: at(-175) }, 'Waiting 3m past target', 'passed', 'danger', false],
    // Breached with no target kept (the team's target removed since): counted from the breach.
    [{ breached_at: at(-125) }, 'Waiting 2m past target', 'passed', 'danger', false],
    // Due later by our clock, yet the server says it passed (clocks differ): the server wins.
    [{ due_at: at(5), breached_at: at(-1) }, 'Waiting 1s past target', 'passed', 'danger', true],
    [{ waiting_since: at(-300) }, 'Customer waiting 5m', 'untimed', 'muted', false],
  ])('%j → %s', (response, text, state, tone, everySecond) => {
    const display = describeResponseTarget(wait(response), NOW)!;
    expect(display).toMatchObject({ text, state, tone, everySecond });
    expect(display.label.startsWith('Response target')).toBe(true);
  });

  it.each([
    [{ due_at: at(252) }, 'First response due at 14:34'],
    [{ waiting_for: 'next_response' as const, due_at: at(38) }, 'Reply due within a minute'],
    [{ due_at: at(-20) }, 'The first-response target passed at 14:29'],
    [{ waiting_for: 'next_response' as const, breached_at: at(-125) }, 'The reply target passed at 14:27'],
    [{ waiting_since: at(-300) }, 'Customer waiting since 14:25; no target'],
  ])('%j is announced once per state: %s', (response, announcement) => {
    expect(describeResponseTarget(wait(response), NOW, 'UTC')!.announcement).toBe(announcement);
  });

  it('announces times in the viewer’s zone', () => {
    expect(describeResponseTarget(wait({ due_at: at(252) }), NOW, 'Asia/Jerusalem')!.announcement).toBe('First response due at 16:34');
  });

  it('names the wait in its tooltip', () => {
    expect(describeResponseTarget(wait({ waiting_since: at(-600), due_at: at(-60) }), NOW)!.detail).toBe(
      'Customer waiting 10m for a first response; the first-response target passed',
    );
    expect(describeResponseTarget(wait({ waiting_for: 'next_response', waiting_since: at(-90), due_at: at(30) }), NOW)!.detail).toBe(
      'Customer waiting 1m for a reply',
    );
  });
});

describe('awaitingAssignmentWords', () => {
  it.each([
    [{ awaiting_assignment_since: null, assignee: null, state: 'open' as const }, null],
    [{ awaiting_assignment_since: at(-20), assignee: null, state: 'open' as const }, 'Waiting for an agent with room'],
    [{ awaiting_assignment_since: at(-7 * 60), assignee: null, state: 'open' as const }, 'Waiting 7m for an agent with room'],
    [{ awaiting_assignment_since: at(-60), assignee: 'someone', state: 'open' as const }, null],
    [{ awaiting_assignment_since: at(-60), assignee: null, state: 'closed' as const }, null],
  ])('%j → %s', (conversation, words) => {
    expect(awaitingAssignmentWords(conversation, NOW)).toBe(words);
  });
});

it('waitingForWords', () => {
  expect(waitingForWords('first_response')).toBe('First response');
  expect(waitingForWords('next_response')).toBe('Reply');
  expect(waitingForWords(null)).toBe('Response');
});
