import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { messageRequest, startSendbook, type Sendbook } from '../support/sendbook.js';
import { testEnv, TEST_SECRETS } from '../support/test-env.js';
import { waitFor } from '../support/wait-for.js';
import { FAST_DELIVERY_ENV, Receiver } from './receiver.js';

/**
 * `node apps/api/dist/cli/reencrypt-secrets.js` against the test's database, with these keys.
 * Spawned, not run with spawnSync: the Sendbook under test lives in this process, and a blocked
 * event loop would leave its delivery worker holding the row locks the command waits for.
 */
function reencrypt(
  sb: Sendbook,
  keys: { APP_ENCRYPTION_KEY: string; APP_ENCRYPTION_KEYS_PREVIOUS?: string },
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const env = testEnv({ DATABASE_URL: sb.config.databaseUrl, REDIS_URL: sb.config.redisUrl, ...keys });
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.resolve('apps/api/dist/cli/reencrypt-secrets.js')], {
      env: { PATH: process.env.PATH, ...env },
      timeout: 30_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

// An endpoint's signing secret is the one secret Sendbook must read back, so it is sealed at rest
// (APP_ENCRYPTION_KEY): a copy of the database cannot sign events. A rotated key is moved onto by
// the re-encryption command while the old key still opens what it sealed.
describe('event endpoint secrets, sealed at rest', () => {
  let sb: Sendbook;
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await Receiver.start();
    sb = await startSendbook({ app: { env: FAST_DELIVERY_ENV } });
  });
  afterAll(async () => {
    await sb?.close();
    await receiver?.close();
  });

  const storedSecret = async (id: string): Promise<string> => (await sb.dataSource.query(`SELECT secret FROM event_endpoints WHERE id = $1`, [id]))[0].secret;

  it('the database holds the secret sealed; events are signed with it all the same', async () => {
    const created = await sb
      .api()
      .post('/v1/event-endpoints')
      .send({ url: receiver.url, events: ['message.state_changed'] })
      .expect(201);
    const { secret } = created.body as { secret: string };
    const stored = await storedSecret(created.body.endpoint.id);
    expect(stored).toMatch(/^sb1:[0-9a-f]{8}:/);
    expect(stored).not.toContain(secret.slice('whsec_'.length));
    await sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ dedupe_key: 'sealed-1' }))
      .expect(201);
    await waitFor(() => receiver.received.length > 0, { what: 'a signed event' });
    receiver.verifyAll(secret);
  });

  it('a rotated key: the command reseals every secret with it (a rotated endpoint’s previous one too, and one stored before sealing began); the old key can then go', async () => {
    const created = await sb
      .api()
      .post('/v1/event-endpoints')
      .send({ url: receiver.url, events: ['message.state_changed'] })
      .expect(201);
    const id = created.body.endpoint.id as string;
    const before = await storedSecret(id);
    const legacy = await sb.dataSource.query(
      `INSERT INTO event_endpoints (url, events, secret, created_by, created_at, updated_at) VALUES ($1, $2, 'whsec_stored_in_the_clear', 'test', now(), now()) RETURNING id`,
      [receiver.url, ['work_item.opened']],
    );

    // A rotated endpoint: the secret it replaced keeps signing a while, sealed like the current one.
    const rotating = await sb
      .api()
      .post('/v1/event-endpoints')
      .send({ url: receiver.url, events: ['work_item.opened'] })
      .expect(201);
    const rotated = await sb.api().post(`/v1/event-endpoints/${rotating.body.endpoint.id}/rotate-secret`).send({ keep_old_for_hours: 2 }).expect(200);
    const previousOf = async (endpoint: string): Promise<string> =>
      (await sb.dataSource.query(`SELECT previous_secrets FROM event_endpoints WHERE id = $1`, [endpoint]))[0].previous_secrets[0].secret;
    const previousBefore = await previousOf(rotating.body.endpoint.id);
    expect(previousBefore.split(':')[1]).toBe(before.split(':')[1]);

    const newKey = randomBytes(32).toString('base64');
    const run = await reencrypt(sb, { APP_ENCRYPTION_KEY: newKey, APP_ENCRYPTION_KEYS_PREVIOUS: TEST_SECRETS.encryptionKey });
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
    expect(run.stdout).toMatch(/sealed with the current key/);
    const after = await storedSecret(id);
    expect(after).not.toBe(before);
    expect(after.split(':')[1]).not.toBe(before.split(':')[1]);
    expect(await storedSecret(legacy[0].id)).toMatch(/^sb1:/);
    // The previous secret too, and the new key alone opens both to what they were.
    const previousAfter = await previousOf(rotating.body.endpoint.id);
    expect(previousAfter.split(':')[1]).toBe(after.split(':')[1]);
    const { SecretBox, parseEncryptionKey } = await import('../../apps/api/src/common/crypto/secret-box.js');
    const newBox = new SecretBox(parseEncryptionKey(newKey));
    expect(newBox.open(previousAfter)).toBe(rotating.body.secret);
    expect(newBox.open(await storedSecret(rotating.body.endpoint.id))).toBe(rotated.body.secret);

    // With the new key alone, everything opens: running again reseals nothing.
    const again = await reencrypt(sb, { APP_ENCRYPTION_KEY: newKey });
    expect(again.status).toBe(0);
    expect(again.stdout).toMatch(/ 0 sealed with the current key/);

    // And a key that is not there is named, never a silent failure.
    const missing = await reencrypt(sb, { APP_ENCRYPTION_KEY: randomBytes(32).toString('base64') });
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toMatch(/neither APP_ENCRYPTION_KEY nor in APP_ENCRYPTION_KEYS_PREVIOUS/);
  });
});
