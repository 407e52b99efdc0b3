import { describe, expect, it } from '@jest/globals';
import type { Message } from './contract.js';
import { errorFromAnswer, SendbookError } from './errors.js';

const row = { id: 'm-1', dedupe_key: 'order-1:shipped', state: 'sent' } as Message;

describe('errorFromAnswer: the API’s answers as SendbookErrors', () => {
  it('validation_failed: the sentence, and each bad field by name', () => {
    const error = errorFromAnswer({
      operation: 'createMessage',
      status: 400,
      body: {
        error: 'validation_failed',
        message: 'to must be a phone number; payload.text.body is required; payload.text.body must be shorter',
        details: [
          { field: 'to', message: 'must be a phone number' },
          { field: 'payload.text.body', message: 'is required' },
          { field: 'payload.text.body', message: 'must be shorter' },
        ],
      },
    });
    expect(error).toBeInstanceOf(SendbookError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'SendbookError',
      code: 'validation_failed',
      status: 400,
      operation: 'createMessage',
      message: 'to must be a phone number; payload.text.body is required; payload.text.body must be shorter',
      fields: { to: 'must be a phone number', 'payload.text.body': 'is required; must be shorter' },
      resource: null,
      retryAfterMs: null,
      attempts: 1,
    });
    expect(error.details).toHaveLength(3);
  });

  it('dedupe_key_conflict: `message` is the existing row, not a sentence', () => {
    const error = errorFromAnswer({ operation: 'createMessage', status: 409, body: { error: 'dedupe_key_conflict', message: row } });
    expect(error.code).toBe('dedupe_key_conflict');
    expect(error.resource).toBe(row);
    expect(error.message).toBe('dedupe_key_conflict: message m-1 (dedupe_key order-1:shipped) is sent');
  });

  it('dedupe_key_conflict on another integration’s row carries no message', () => {
    const error = errorFromAnswer({ operation: 'createMessage', status: 409, body: { error: 'dedupe_key_conflict' } });
    expect(error).toMatchObject({ code: 'dedupe_key_conflict', resource: null, message: 'dedupe_key_conflict (HTTP 409)' });
  });

  it('not_cancellable: the row as it is now', () => {
    const error = errorFromAnswer({ operation: 'cancelMessage', status: 409, body: { error: 'not_cancellable', message: row } });
    expect(error).toMatchObject({ code: 'not_cancellable', status: 409, resource: row });
  });

  it('rate_limited keeps how long to wait', () => {
    const error = errorFromAnswer({
      operation: 'createMessage',
      status: 429,
      body: { error: 'rate_limited', message: 'slow down' },
      retryAfterMs: 4_000,
      attempts: 5,
    });
    expect(error).toMatchObject({ code: 'rate_limited', message: 'slow down', retryAfterMs: 4_000, attempts: 5 });
  });

  it('an answer that is not the API’s JSON (a proxy’s page) still has a code and a status', () => {
    expect(errorFromAnswer({ operation: 'getMessage', status: 502, body: '<html>Bad gateway</html>' })).toMatchObject({
      code: 'http_502',
      status: 502,
      message: 'http_502 (HTTP 502)',
      body: '<html>Bad gateway</html>',
    });
    expect(errorFromAnswer({ operation: 'getMessage', status: 429, body: undefined }).code).toBe('rate_limited');
  });

  it('ignores malformed details instead of failing on them', () => {
    const error = errorFromAnswer({
      operation: 'createMessage',
      status: 400,
      body: { error: 'validation_failed', details: [{ field: 'to' }, 'x', { field: 'purpose', message: 'is required' }] },
    });
    expect(error.details).toEqual([{ field: 'purpose', message: 'is required' }]);
    expect(error.message).toBe('validation_failed: purpose is required');
  });

  it('fields is a plain record even for a field named like an Object property', () => {
    const error = errorFromAnswer({
      operation: 'createMessage',
      status: 400,
      body: { error: 'validation_failed', details: [{ field: 'constructor', message: 'no' }] },
    });
    expect(error.fields).toEqual({ constructor: 'no' });
  });
});
