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

  it('masks secrets in query strings', () => {
    expect(redact('GET /webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=s3cret&hub.challenge=1')).toBe(
      'GET /webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=***&hub.challenge=1',
    );
    expect(redact({ url: 'https://lookaside.fbsbx.com/x?access_token=EAAG99&ext=1' })).toEqual({ url: 'https://lookaside.fbsbx.com/x?access_token=***&ext=1' });
  });

  it('redacts error messages, stacks, their fields and causes', () => {
    const cause = Object.assign(new Error('connect to postgres://u:pw@db/x failed'), { code: 'ECONNREFUSED', password: 'pw' });
    const error = new Error('request with Bearer EAAG-secret failed', { cause });
    const out = redact({ error }) as { error: { message: string; stack: string; cause: { message: string; password: string; code: string } } };
    expect(out.error.message).toBe('request with Bearer *** failed');
    expect(out.error.stack).not.toContain('EAAG-secret');
    expect(out.error.stack).toContain('Bearer ***');
    expect(out.error.cause).toMatchObject({ message: 'connect to postgres://u:***@db/x failed', code: 'ECONNREFUSED', password: '***' });
  });

  it('writes nothing as it is below a sane depth', () => {
    let deep: Record<string, unknown> = { token: 'never-seen' };
    for (let i = 0; i < 50; i++) deep = { inner: deep, note: 'Bearer abc' };
    expect(JSON.stringify(redact(deep))).not.toContain('never-seen');
  });

  it('with maskPersonal: customers’ numbers keep 4 digits, dedupe keys become a stable hash', () => {
    const line = {
      to: '+972501234567',
      wa_id: '972501234567',
      dedupe_key: 'order-44812:shipped',
      phone_number_id: '106540352242922',
      note: 'reply from +972501234567',
    };
    const masked = redact(line, { maskPersonal: true }) as Record<string, string>;
    expect(masked).toMatchObject({ to: '***4567', wa_id: '***4567', phone_number_id: '106540352242922', note: 'reply from ***4567' });
    expect(masked.dedupe_key).toMatch(/^sha256:[0-9a-f]{12}$/);
    expect((redact(line, { maskPersonal: true }) as Record<string, string>).dedupe_key).toBe(masked.dedupe_key);
    expect(redact(line)).toEqual(line);
  });
});
