import { API_UNREACHABLE, problemDetail, problemFrom, problemTitle, retryAfterSeconds, signInMessage, waitWords, type ProblemKind } from './problem';

const NOW = Date.parse('2026-12-02T14:30:00Z');

describe('problemFrom: every answer has a kind', () => {
  it.each<[number, unknown, ProblemKind, string | null]>([
    [0, null, 'unreachable', null],
    [401, { error: 'unauthorized', message: 'no session' }, 'unauthorized', 'unauthorized'],
    [401, { error: 'invalid_credentials', message: 'x' }, 'unauthorized', 'invalid_credentials'],
    [403, { error: 'forbidden' }, 'forbidden', 'forbidden'],
    [404, { error: 'not_found', message: 'no such conversation' }, 'not_found', 'not_found'],
    [429, { error: 'too_many_attempts' }, 'throttled', 'too_many_attempts'],
    [400, { error: 'validation_failed' }, 'invalid', 'validation_failed'],
    [422, { error: 'window_closed' }, 'invalid', 'window_closed'],
    [409, { error: 'invalid_state_transition' }, 'conflict', 'invalid_state_transition'],
    [502, { error: API_UNREACHABLE }, 'unreachable', API_UNREACHABLE],
    [502, 'Bad Gateway', 'unreachable', null],
    [504, null, 'unreachable', null],
    [503, { error: 'unavailable', message: 'Redis down' }, 'server', 'unavailable'],
    [500, { error: 'internal' }, 'server', 'internal'],
  ])('%d %j → %s', (status, body, kind, code) => {
    expect(problemFrom(status, body)).toMatchObject({ kind, status, code });
  });
});

describe('retryAfterSeconds', () => {
  it.each<[string | null, number | null]>([
    ['30', 30],
    [' 5 ', 5],
    ['Wed, 02 Dec 2026 14:31:00 GMT', 60],
    ['Wed, 02 Dec 2026 14:00:00 GMT', 0],
    ['soon', null],
    [null, null],
  ])('%s → %s', (header, seconds) => {
    expect(retryAfterSeconds(header, NOW)).toBe(seconds);
  });

  it.each([
    [0.2, '1 s'],
    [30, '30 s'],
    [60, '1 min'],
    [125, '2 min 5 s'],
  ])('waitWords(%d) → %s', (s, words) => {
    expect(waitWords(s)).toBe(words);
  });
});

describe('signInMessage', () => {
  it.each<[number, unknown, string | null, string]>([
    [401, { error: 'invalid_credentials', message: 'bad' }, null, 'Wrong email or password.'],
    [429, { error: 'too_many_attempts', message: 'slow down' }, '42', 'Too many attempts. Try again in 42 s.'],
    [429, { error: 'too_many_attempts' }, null, 'Too many attempts. Wait a moment, then try again.'],
    [429, { error: 'too_many_attempts', retry_after_seconds: 90 }, null, 'Too many attempts. Try again in 1 min 30 s.'],
    [0, null, null, 'The API is unreachable. Check that Sendbook is running, then try again.'],
    [502, { error: API_UNREACHABLE }, null, 'The API is unreachable. Check that Sendbook is running, then try again.'],
    [400, { error: 'validation_failed' }, null, 'Enter your email address and password.'],
    [404, { error: 'not_found' }, null, 'This API does not offer sign-in yet. Update Sendbook, then try again.'],
    [500, { error: 'internal' }, null, 'Signing in failed: the API answered HTTP 500. Try again in a moment.'],
  ])('%d %j → %s', (status, body, retryAfter, message) => {
    expect(signInMessage(problemFrom(status, body, retryAfter, NOW))).toBe(message);
  });
});

describe('titles and details', () => {
  it('forbidden says so in the words the contract uses', () => {
    const problem = problemFrom(403, { error: 'forbidden' });
    expect(problemTitle(problem)).toBe("You don't have access to this page");
  });
  it('a server error names its status and code', () => {
    expect(problemDetail(problemFrom(500, { error: 'internal' }))).toMatch(/HTTP 500 \(internal\)/);
  });
  it('throttled says how long', () => {
    expect(problemDetail(problemFrom(429, {}, '90', NOW))).toBe('Try again in 1 min 30 s.');
  });
});
