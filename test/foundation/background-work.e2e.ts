import { getQueueToken } from '@nestjs/bullmq';
import { QUEUE_NAMES } from '@sendbook/queue';
import type { Queue } from 'bullmq';
import request from 'supertest';
import { BackgroundWork } from '../../apps/api/src/background/background-work.service.js';
import { PERIODIC_TASKS } from '../../apps/api/src/background/background-work.js';
import { asSession, createStaff, signIn } from '../support/staff.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { TEST_SECRETS } from '../support/test-env.js';
import { waitFor } from '../support/wait-for.js';

describe('background work: declared once, run as declared, shown to admins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { SWEEP_INTERVAL_MS: '200' } });
  });
  afterAll(() => t?.close());

  const admin = (path: string) => request(t.url).get(path).set('Authorization', `Bearer ${TEST_SECRETS.apiKey}`);

  it("GET /v1/system/jobs lists every queue, job, task, listener and trigger, with each task's latest run", async () => {
    await waitFor(async () => (await admin('/v1/system/jobs')).body.periodic.find((p: { name: string }) => p.name === 'outbox.sweep').last_run?.runs >= 2, {
      what: 'two sweeps recorded',
    });
    const body = (await admin('/v1/system/jobs').expect(200)).body;
    expect(body.queues.map((q: { name: string; jobs: { name: string }[] }) => `${q.name}: ${q.jobs.map((j) => j.name).join(', ')}`)).toEqual([
      'outbound: send, send-batch',
      'webhooks: process',
    ]);
    expect(body.queues[0].counts).toEqual({
      waiting: expect.any(Number),
      active: expect.any(Number),
      delayed: expect.any(Number),
      prioritized: expect.any(Number),
      failed: expect.any(Number),
    });
    expect(body.periodic.map((p: { name: string }) => p.name)).toEqual(Object.keys(PERIODIC_TASKS));
    expect(body.periodic.find((p: { name: string }) => p.name === 'outbox.sweep')).toMatchObject({
      owner: 'outbox',
      runs_in: ['worker'],
      every_ms: 200,
      at_start: true,
      last_run: { ok: true, error: null, process: String(process.pid) },
    });
    expect(body.periodic.find((p: { name: string }) => p.name === 'webhooks.catch_up')).toMatchObject({ every_ms: null });
    expect(body.listeners).toEqual([expect.objectContaining({ channel: 'sendbook_webhook_deliveries', owner: 'webhooks' })]);
    expect(body.triggers.map((tr: { name: string }) => tr.name)).toContain('integrator_events_outbound');
    // Every trigger it lists exists in the database, and none there is missing from it.
    const inDatabase = (
      await t.dataSource.query(`SELECT DISTINCT tgname FROM pg_trigger WHERE NOT tgisinternal AND tgname LIKE 'integrator_events_%' ORDER BY tgname`)
    ).map((r: { tgname: string }) => r.tgname);
    expect([...body.triggers.map((tr: { name: string }) => tr.name)].sort()).toEqual(inDatabase);
  });

  it('is for admins only', async () => {
    const agent = await createStaff(t, 'agent');
    await asSession(t, await signIn(t, agent))
      .get('/v1/system/jobs')
      .expect(403);
  });

  it('a job whose payload is not what its declaration says fails at once, without retries, and never reaches its handler', async () => {
    const queue = t.app.get<Queue>(getQueueToken(QUEUE_NAMES.outbound));
    const job = await queue.add('send', { messageId: 'not a row id' }, { attempts: 5 });
    const unknown = await queue.add('resend-everything', { messageId: '0190a4c2-5f7e-7c3a-9b1d-2e4f6a8b0c1d' }, { attempts: 5 });
    await waitFor(async () => (await job.getState()) === 'failed' && (await unknown.getState()) === 'failed', { what: 'both jobs failed' });
    const failed = await queue.getJob(job.id!);
    expect(failed).toMatchObject({ failedReason: 'job outbound/send: messageId must be a row id', attemptsMade: 1 });
    expect((await queue.getJob(unknown.id!))?.failedReason).toBe('job outbound/resend-everything is not declared in background-work.ts');
  });

  it('refuses a second handler for a job, a task started twice, or one not declared for the process', () => {
    const work = t.app.get(BackgroundWork);
    expect(() => work.handles(QUEUE_NAMES.outbound, ['send'], 'AnotherProcessor')).toThrow(
      'job outbound/send has two handlers: OutboundProcessor and AnotherProcessor',
    );
    expect(() => work.handles(QUEUE_NAMES.webhooks, ['replay'], 'ReplayProcessor')).toThrow(
      'ReplayProcessor handles job webhooks/replay, which background-work.ts does not declare',
    );
    expect(() => work.tasks().every('outbox.sweep', async () => undefined)).toThrow('background task outbox.sweep is started twice');
  });
});
