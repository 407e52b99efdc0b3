import { fixtureBytes, fixtureJson } from '../test-support/fixtures.js';
import { classifyGraphError, type ErrorAction, type ErrorScope } from './classify-error.js';
import { toGraphError } from './graph-error.js';
import { parseWebhook } from './parse-webhook.js';

describe('classifyGraphError by code', () => {
  it.each<[number, ErrorAction, ErrorScope | undefined]>([
    // retry
    [1, 'retry', undefined],
    [2, 'retry', undefined],
    [4, 'retry', 'account'],
    [80007, 'retry', 'account'],
    [130429, 'retry', 'number'],
    [131000, 'retry', undefined],
    [131016, 'retry', undefined],
    [131056, 'retry', 'pair'],
    [131057, 'retry', 'number'],
    [133004, 'retry', undefined],
    // the 24-hour window
    [131047, 'window_closed', undefined],
    [470, 'window_closed', undefined],
    // permanent for the message
    [3, 'do_not_retry', undefined],
    [33, 'do_not_retry', undefined],
    [100, 'do_not_retry', undefined],
    [139200, 'do_not_retry', undefined],
    [130472, 'do_not_retry', undefined],
    [130497, 'do_not_retry', undefined],
    [131008, 'do_not_retry', undefined],
    [131009, 'do_not_retry', undefined],
    [131021, 'do_not_retry', undefined],
    [131026, 'do_not_retry', undefined],
    [131030, 'do_not_retry', undefined],
    [131049, 'do_not_retry', undefined],
    [131050, 'do_not_retry', undefined],
    [131051, 'do_not_retry', undefined],
    [131052, 'do_not_retry', undefined],
    [131053, 'do_not_retry', undefined],
    [132000, 'do_not_retry', undefined],
    [132001, 'do_not_retry', undefined],
    [132005, 'do_not_retry', undefined],
    [132007, 'do_not_retry', undefined],
    [132012, 'do_not_retry', undefined],
    [132015, 'do_not_retry', undefined],
    [132016, 'do_not_retry', undefined],
    [132018, 'do_not_retry', undefined],
    [132068, 'do_not_retry', undefined],
    [132069, 'do_not_retry', undefined],
    [132999, 'do_not_retry', undefined],
    [133010, 'do_not_retry', undefined],
    // the whole account (or number) is affected
    [131042, 'pause_account', 'account'],
    [368, 'pause_account', 'account'],
    [131031, 'pause_account', 'account'],
    [190, 'pause_account', 'account'],
    [0, 'pause_account', 'account'],
    [10, 'pause_account', 'account'],
    [200, 'pause_account', 'account'],
    [250, 'pause_account', 'account'],
    [299, 'pause_account', 'account'],
    [131048, 'pause_account', 'number'],
  ])('%i → %s (scope %s)', (code, action, scope) => {
    const result = classifyGraphError({ code });
    expect(result.action).toBe(action);
    expect(result.scope).toBe(scope);
    expect(result.code).toBe(code);
    expect(result.known).toBe(true);
    expect(result.title.length).toBeGreaterThan(0);
    // Only retries suggest a delay, and it is a positive one.
    expect(result.retryAfterMs === undefined ? 'none' : result.retryAfterMs > 0).toBe(action === 'retry' ? true : 'none');
  });

  it.each([
    [130429, 1000, 1000],
    [131056, 6000, 6000],
    [131057, 60_000, 60_000],
  ])('%i suggests waiting at least %i ms', (code, min, expected) => {
    const { retryAfterMs } = classifyGraphError({ code });
    expect(retryAfterMs).toBeGreaterThanOrEqual(min);
    expect(retryAfterMs).toBe(expected);
  });

  it.each([1, 131000])('%i is retried only a few times', (code) => {
    expect(classifyGraphError({ code }).maxAttempts).toBeLessThanOrEqual(3);
  });
});

describe('classifyGraphError without a known code', () => {
  it.each([
    ['unknown code, HTTP 400', { code: 999_999, httpStatus: 400 }, 'do_not_retry'],
    ['unknown code, no status', { code: 999_999 }, 'do_not_retry'],
    ['unknown code, HTTP 503', { code: 999_999, httpStatus: 503 }, 'retry'],
    ['no code, HTTP 500', { httpStatus: 500 }, 'retry'],
    ['no code, HTTP 502', { httpStatus: 502 }, 'retry'],
    ['no code, HTTP 429', { httpStatus: 429 }, 'retry'],
    ['no code, HTTP 404', { httpStatus: 404 }, 'do_not_retry'],
    ['nothing at all', {}, 'do_not_retry'],
    ['not even an object', 'boom', 'do_not_retry'],
    ['null', null, 'do_not_retry'],
  ])('%s → %s', (_label, input, action) => {
    const result = classifyGraphError(input);
    expect(result.action).toBe(action);
    expect(result.known).toBe(false);
  });

  it('lets a known code beat the HTTP status', () => {
    expect(classifyGraphError({ code: 131045, httpStatus: 500 }).action).toBe('do_not_retry');
    expect(classifyGraphError({ code: 131016, httpStatus: 500 }).action).toBe('retry');
  });

  it('keeps the raw error of an unknown code', () => {
    const raw = { code: 424242, title: 'Brand new', message: 'Brand new', error_data: { details: 'd' } };
    const result = classifyGraphError(raw);
    expect(result).toMatchObject({ action: 'do_not_retry', code: 424242, title: 'Brand new', details: 'd', error: { raw } });
  });

  it('reads numeric-string codes', () => {
    expect(classifyGraphError({ code: '131047' }).action).toBe('window_closed');
  });
});

describe('classifyGraphError on the payloads, from each place errors arrive', () => {
  it.each([
    ['error-130429-response-meta-docs.json', 'retry', 130429, 'Rate limit hit', 'Cloud API message throughput has been reached.'],
    ['error-100-mm-api-response-meta-docs.json', 'do_not_retry', 100, 'Invalid parameter', 'Message must be a template message.'],
  ])('sync body %s → %s', (name, action, code, title, details) => {
    const result = classifyGraphError(fixtureJson(name));
    expect(result).toMatchObject({ action, code, details, error: { title, fbtraceId: expect.any(String) } });
  });

  it.each([
    ['error-131047-status-error-object-pywa.json', 'window_closed', 131047],
    ['error-131053-media-upload-error-object-pywa.json', 'do_not_retry', 131053],
    ['error-190-expired-token-error-object-pywa.json', 'pause_account', 190],
  ])('error object %s → %s', (name, action, code) => {
    expect(classifyGraphError(fixtureJson(name))).toMatchObject({ action, code });
  });

  it('reads the sync error shape: title from message, subcode, fbtrace_id', () => {
    expect(toGraphError(fixtureJson('error-130429-response-meta-docs.json'))).toMatchObject({
      code: 130429,
      subcode: 2494055,
      title: 'Rate limit hit',
      message: '(#130429) Rate limit hit',
      details: 'Cloud API message throughput has been reached.',
      type: 'OAuthException',
      fbtraceId: 'Az8or2yhqkZfEZ-_4Qn_Bam',
    });
  });

  it('classifies value.errors[], messages[].errors[] and statuses[].errors[] the same way', () => {
    const fromWebhook = (name: string) => {
      const result = parseWebhook(fixtureBytes(name));
      if (!result.ok) throw new Error(name);
      return result.events.flatMap((event) => {
        if (event.kind === 'error') return [event.error];
        if (event.kind === 'message') return event.message.errors;
        if (event.kind === 'status') return event.status.errors;
        return [];
      });
    };
    expect(fromWebhook('webhook-value-errors-130429-meta-docs.json').map(classifyGraphError)).toMatchObject([{ action: 'retry', scope: 'number' }]);
    expect(fromWebhook('inbound-unsupported-edit-meta-docs.json').map(classifyGraphError)).toMatchObject([{ action: 'do_not_retry', code: 131051 }]);
    expect(fromWebhook('status-failed-131049-meta-docs.json').map(classifyGraphError)).toMatchObject([{ action: 'do_not_retry', code: 131049 }]);
    expect(fromWebhook('status-failed-130472-pywa.json').map(classifyGraphError)).toMatchObject([{ action: 'do_not_retry', code: 130472 }]);
  });

  it('accepts a rejected send result as is', () => {
    const rejected = { outcome: 'rejected', httpStatus: 400, error: toGraphError(fixtureJson('error-130429-response-meta-docs.json')) };
    expect(classifyGraphError(rejected)).toMatchObject({ action: 'retry', code: 130429, httpStatus: 400, error: { fbtraceId: 'Az8or2yhqkZfEZ-_4Qn_Bam' } });
  });
});
