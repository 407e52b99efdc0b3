import { redact } from './redact.js';

describe('redact', () => {
  it('masks secrets by key name, bearer tokens and URL passwords, at any depth', () => {
    expect(
      redact({
        accessToken: 'EAAG123',
        headers: { Authorization: 'Bearer EAAG123', 'x-request-id': 'r1' },
        url: 'postgres://postgres:hunter2@db:5432/app',
        note: 'sent with Bearer abc.def',
        nested: [{ app_secret: 's' }],
      }),
    ).toEqual({
      accessToken: '***',
      headers: { Authorization: '***', 'x-request-id': 'r1' },
      url: 'postgres://postgres:***@db:5432/app',
      note: 'sent with Bearer ***',
      nested: [{ app_secret: '***' }],
    });
  });
});
