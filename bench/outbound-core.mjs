// `core` mode of bench/outbound.bench.mjs: the outbound pipeline's irreducible bookkeeping with
// everything else stripped away, to show what the framework and the policy cost and what the target
// asks of the architecture. It runs the app's own pieces, built:
//  - the API: a bare node:http server; per POST one JSON.parse, E.164 normalisation, the row as the
//    app builds it (newOutboundRow, with the content fingerprint), OutboxRepository.insertIfAbsent
//    (the batched INSERT … ON CONFLICT with its audit row) and a batched addBulk of its job,
//    answered with the message resource;
//  - the worker: a bare BullMQ Worker; per row OutboxRepository.claim (batched, audited), the
//    GraphClient call and OutboxRepository.markAccepted (batched, audited).
// Left out: Nest, Express, the API key, class-validator, the template registry, the sending policy
// (peek, admission script), live events, metrics and logs. Not a way to run Sendbook: a yardstick.
//
// `core` adds one BullMQ job per row, as the app did until it grouped the rows made due together
// into one job (outboundJobs): the yardstick the outbound target is stated against. `jobPerBatch`
// (the `core-batched` mode) uses the app's dispatcher, so its jobs are grouped as the app's are,
// and the worker claims, sends and accepts a job's rows side by side, at most `concurrency` rows
// in flight in all: the same yardstick with the app's queue calls of today.
import http from 'node:http';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { QUEUE_NAMES } from '@sendbook/queue';
import { GraphClient, normalizeE164 } from '@sendbook/whatsapp';
import { DataSource } from 'typeorm';
import { SystemClock } from '../apps/api/dist/common/clock.js';
import { Batcher } from '../apps/api/dist/common/batching/batcher.js';
import { Semaphore } from '../apps/api/dist/common/batching/semaphore.js';
import { dataSourceOptions } from '../apps/api/dist/database/data-source.js';
import { presentMessage } from '../apps/api/dist/modules/outbox/message.presenter.js';
import { newOutboundRow } from '../apps/api/dist/modules/outbox/new-outbound-row.js';
import { graphBody } from '../apps/api/dist/modules/outbox/outbound-sender.service.js';
import { OutboxDispatcher } from '../apps/api/dist/modules/outbox/outbox-dispatcher.service.js';
import { ownJob } from '../apps/api/dist/modules/outbox/outbound-jobs.js';
import { OutboxRepository } from '../apps/api/dist/modules/outbox/outbox.repository.js';

const RETAIN_MS = 30 * 24 * 3600 * 1000;

/** The API half: POST /v1/messages only. Resolves with its URL and a close function. */
export async function startCoreApi({ databaseUrl, redisConnection, redisPrefix, phoneNumberId, jobPerBatch = false }) {
  const dataSource = await new DataSource(dataSourceOptions(databaseUrl)).initialize();
  const repo = new OutboxRepository(dataSource);
  const queue = new Queue(QUEUE_NAMES.outbound, { connection: { ...redisConnection, maxRetriesPerRequest: null }, prefix: redisPrefix });
  const redis = new Redis({ ...redisConnection, maxRetriesPerRequest: null });
  // The app's defaults for ENQUEUE_TIMEOUT_MS and ENQUEUE_MAX_PENDING (README, Environment).
  const dispatcher = new OutboxDispatcher(queue, new SystemClock(), { enqueue: { timeoutMs: 250, maxPending: 10_000 } }, redis);
  // One job per row, as the app had until it grouped rows due together (the yardstick of the
  // target); `jobPerBatch`: the app's dispatcher, which now does (outboundJobs).
  const perRow = new Batcher(async (rows) => {
    const now = Date.now();
    await queue.addBulk(rows.map((row) => ownJob(row, now)));
    return rows.map(() => undefined);
  });
  const dispatch = (row) => (jobPerBatch ? dispatcher.dispatch([row]) : perRow.add(row));

  const enqueue = async (raw) => {
    const dto = JSON.parse(raw);
    const phone = normalizeE164(dto.to);
    if (!phone.ok) return [400, { error: 'validation_failed', details: [{ field: 'to', message: phone.reason }] }];
    const now = new Date();
    const row = newOutboundRow(dto, phone, { now, phoneNumberId, retainUntil: new Date(now.getTime() + RETAIN_MS) });
    const inserted = await repo.insertIfAbsent(row, { actor: 'api', reason: 'enqueued' }, now);
    if (!inserted) return [200, { deduplicated: true }];
    await dispatch(inserted);
    return [201, { message: presentMessage(inserted, [], null), deduplicated: false }];
  };

  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      enqueue(Buffer.concat(chunks).toString('utf8'))
        .catch((error) => [500, { error: String(error) }])
        .then(([status, body]) => {
          const json = JSON.stringify(body);
          res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) }).end(json);
        });
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await queue.close();
      redis.disconnect();
      await dataSource.destroy();
    },
  };
}

/** The worker half: claim → Graph call → accepted, for every job of the outbound queue. */
export async function startCoreWorker({ databaseUrl, redisConnection, redisPrefix, graphUrl, accessToken, concurrency }) {
  const dataSource = await new DataSource(dataSourceOptions(databaseUrl)).initialize();
  const repo = new OutboxRepository(dataSource);
  const graph = new GraphClient({ baseUrl: graphUrl, apiVersion: 'v23.0', accessToken });
  const sendRow = async (messageId) => {
    const row = await repo.claim(messageId, new Date());
    if (!row) return 'not_claimed';
    const result = await graph.sendMessage(row.phoneNumberId, graphBody(row));
    if (result.outcome !== 'accepted') throw new Error(`core mode: ${result.outcome}`);
    // Parked statuses looked for back to WEBHOOK_FOREIGN_AFTER_MS's default, as the app's sender does.
    const at = new Date();
    await repo.markAccepted(
      row.id,
      result.wamid,
      { wamid: result.wamid, wa_id: result.waId, message_status: result.messageStatus },
      at,
      new Date(at.getTime() - 3_600_000),
    );
    return 'accepted';
  };
  // As many rows in flight as a job per row would have, however the rows were grouped.
  const slots = new Semaphore(concurrency);
  const worker = new Worker(
    QUEUE_NAMES.outbound,
    (job) =>
      'messageIds' in job.data ? Promise.all(job.data.messageIds.map((id) => slots.run(() => sendRow(id)))) : slots.run(() => sendRow(job.data.messageId)),
    { connection: { ...redisConnection, maxRetriesPerRequest: null }, prefix: redisPrefix, concurrency },
  );
  await worker.waitUntilReady();
  return {
    concurrency,
    close: async () => {
      await worker.close();
      await dataSource.destroy();
    },
  };
}
