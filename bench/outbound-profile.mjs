// `--profile` for bench/outbound.bench.mjs: where the time of one pipeline run goes, measured on the
// running app (in-process modes only). Wraps the hot methods of the app's own instances to time each
// step, counts the statements sent to PostgreSQL, samples its pool and the event loop.
import fs from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { ApiKeyService } from '../apps/api/dist/modules/api-keys/api-key.service.js';
import { CampaignRecordsRepository } from '../apps/api/dist/modules/campaigns/campaign-records.repository.js';
import { CampaignWriter } from '../apps/api/dist/modules/campaigns/campaign-writer.service.js';
import { OutboundSender } from '../apps/api/dist/modules/outbox/outbound-sender.service.js';
import { OutboxDispatcher } from '../apps/api/dist/modules/outbox/outbox-dispatcher.service.js';
import { OutboxRepository } from '../apps/api/dist/modules/outbox/outbox.repository.js';
import { OutboxService } from '../apps/api/dist/modules/outbox/outbox.service.js';
import { GRAPH_CLIENT } from '../apps/api/dist/modules/whatsapp/whatsapp.module.js';

const CLK_TCK = 100;

/** The outbound pipeline's steps: `[class, method, label]`, each timed on the app's instance. */
const OUTBOUND_STEPS = [
  [ApiKeyService, 'isValid', 'http: API key lookup (SELECT)'],
  [OutboxService, 'enqueue', 'http: enqueue (insert + addBulk)'],
  [OutboxRepository, 'insertIfAbsent', 'http:   INSERT … ON CONFLICT + audit'],
  [OutboxDispatcher, 'dispatch', 'http:   BullMQ addBulk([1 job])'],
  [OutboundSender, 'send', 'worker: send (claim → Graph → accepted)'],
  [OutboxRepository, 'claim', 'worker:   claim txn (UPDATE + audit)'],
  [GRAPH_CLIENT, 'sendMessage', 'worker:   Graph API call'],
  [OutboxRepository, 'markAccepted', 'worker:   accepted txn (UPDATE + audit)'],
];

/** A campaign writer's batch, step by step (in a worker process: bench/outbound-worker.mjs). */
export const WRITER_STEPS = [
  [CampaignWriter, 'writeCampaign', 'a pass over one campaign (batches until done or 2 s)'],
  [CampaignRecordsRepository, 'transaction', '  a batch: its transaction, commit included'],
  [CampaignRecordsRepository, 'claimForWriting', '    SELECT … FOR UPDATE SKIP LOCKED (the campaign)'],
  [CampaignRecordsRepository, 'nextRecipients', '    SELECT the next recipients'],
  [OutboxService, 'enqueuePrepared', '    enqueuePrepared (rows, INSERT, jobs)'],
  [OutboxRepository, 'insertAllIfAbsent', '      INSERT … ON CONFLICT + audit'],
  [OutboxDispatcher, 'dispatch', '      BullMQ addBulk + in-batch marks'],
  [CampaignRecordsRepository, 'recordWritten', '    UPDATE rows_written'],
  [CampaignRecordsRepository, 'unwritten', 'each pass: campaigns to write (SELECT)'],
  [CampaignRecordsRepository, 'completeFinished', 'each pass: finished campaigns (UPDATE)'],
];

/**
 * Times every call of these methods on the app's own instances (`[token, method, label]`), until
 * `restore()`; `steps` holds each label's calls, total and longest.
 */
export function timeSteps(app, list) {
  const steps = new Map();
  const restores = [];
  for (const [token, method, label] of list) {
    const instance = instanceOf(app, token);
    if (!instance || typeof instance[method] !== 'function') continue;
    const original = instance[method];
    const stat = { label, count: 0, totalMs: 0, maxMs: 0 };
    steps.set(label, stat);
    instance[method] = async function (...args) {
      const t = performance.now();
      try {
        return await original.apply(this, args);
      } finally {
        const ms = performance.now() - t;
        stat.count++;
        stat.totalMs += ms;
        if (ms > stat.maxMs) stat.maxMs = ms;
      }
    };
    restores.push(() => (instance[method] = original));
  }
  return { steps, restore: () => restores.forEach((undo) => undo()) };
}

/** The app's instance of `token`, or null when it has none. */
function instanceOf(app, token) {
  try {
    return app.get(token, { strict: false });
  } catch {
    return null;
  }
}

export function createProfiler(app) {
  const { steps, restore: restoreSteps } = timeSteps(app, OUTBOUND_STEPS);
  const restores = [restoreSteps];

  // Every statement the app sends to PostgreSQL, by kind.
  const statements = new Map();
  const originalQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, ...rest) {
    const text = typeof config === 'string' ? config : (config?.text ?? '');
    const key = statementKind(text);
    if (!key.startsWith('SELECT pid FROM pg_stat_activity')) statements.set(key, (statements.get(key) ?? 0) + 1);
    return originalQuery.call(this, config, ...rest);
  };
  restores.push(() => (pg.Client.prototype.query = originalQuery));

  const pool = instanceOf(app, DataSource)?.driver?.master;
  const poolSamples = { n: 0, waiting: 0, maxWaiting: 0, busy: 0 };
  const sampler = setInterval(() => {
    if (!pool) return;
    poolSamples.n++;
    poolSamples.waiting += pool.waitingCount;
    poolSamples.maxWaiting = Math.max(poolSamples.maxWaiting, pool.waitingCount);
    poolSamples.busy += pool.totalCount - pool.idleCount;
  }, 5);
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const elu0 = performance.eventLoopUtilization();

  return {
    restore() {
      clearInterval(sampler);
      loopDelay.disable();
      for (const undo of restores) undo();
    },
    report(messages, seconds) {
      clearInterval(sampler);
      loopDelay.disable();
      const elu = performance.eventLoopUtilization(elu0);
      const lines = ['| step | calls | mean ms | max ms | sum s | sum per message ms |', '|---|---|---|---|---|---|'];
      for (const s of steps.values()) {
        if (s.count === 0) continue;
        lines.push(
          `| ${s.label} | ${s.count} | ${(s.totalMs / s.count).toFixed(2)} | ${s.maxMs.toFixed(1)} | ${(s.totalMs / 1000).toFixed(2)} | ${(s.totalMs / messages).toFixed(2)} |`,
        );
      }
      lines.push('');
      const totalStatements = [...statements.values()].reduce((a, b) => a + b, 0);
      lines.push(
        `PostgreSQL statements: ${(totalStatements / messages).toFixed(1)} per message (${[...statements]
          .sort((a, b) => b[1] - a[1])
          .map(([k, n]) => `${k} ${(n / messages).toFixed(1)}`)
          .join(', ')})`,
      );
      if (poolSamples.n > 0) {
        lines.push(
          `PostgreSQL pool (max 20): mean busy ${(poolSamples.busy / poolSamples.n).toFixed(1)}, mean waiting ${(poolSamples.waiting / poolSamples.n).toFixed(1)}, max waiting ${poolSamples.maxWaiting}`,
        );
      }
      lines.push(
        `bench process event loop: utilisation ${(elu.utilization * 100).toFixed(0)} %, delay p50 ${(loopDelay.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms`,
      );
      void seconds;
      return lines.join('\n');
    },
  };
}

function statementKind(text) {
  const t = text.replace(/\s+/g, ' ').trim();
  if (/^(BEGIN|START TRANSACTION|COMMIT|ROLLBACK)/i.test(t)) return t.split(' ')[0].toUpperCase();
  if (/^WITH inserted AS/i.test(t)) return 'INSERT message+audit (CTE)';
  if (/^WITH old AS/i.test(t)) return `UPDATE move (${/SET state = '(\w+)'/.exec(t)?.[1] ?? '?'})`;
  if (/^INSERT INTO outbound_message_events/i.test(t)) return 'INSERT audit';
  if (/api_keys/i.test(t)) return 'SELECT api key';
  return t.slice(0, 40);
}

/**
 * CPU actually spent during one run, per party: this process, the worker process, the PostgreSQL
 * backends serving the bench database (other databases on the same server are left out), the rest
 * of PostgreSQL (WAL writer, checkpointer, autovacuum, and anyone else's databases), and Redis.
 */
export function startCpuMeter({ queryBackends, childPid = () => null }) {
  const before = ticksByPid();
  const machine0 = machineTicks();
  const self0 = process.cpuUsage();
  const wall0 = performance.now();
  return async () => {
    const backends = new Set(await queryBackends());
    const after = ticksByPid();
    const self = process.cpuUsage(self0);
    const delta = (pid) => ((after.get(pid)?.ticks ?? 0) - (before.get(pid)?.ticks ?? 0)) * (1000 / CLK_TCK);
    const machine1 = machineTicks();
    const wallMs = performance.now() - wall0;
    const out = {
      wallMs,
      benchProcessMs: (self.user + self.system) / 1000,
      workerProcessMs: 0,
      postgresBenchMs: 0,
      postgresOtherMs: 0,
      redisMs: 0,
      everythingElseMs: 0,
    };
    const child = childPid();
    for (const [pid, { comm }] of after) {
      if (pid === child) out.workerProcessMs += delta(pid);
      else if (backends.has(pid)) out.postgresBenchMs += delta(pid);
      else if (comm.startsWith('postgres')) out.postgresOtherMs += delta(pid);
      else if (comm.startsWith('redis')) out.redisMs += delta(pid);
    }
    // Whatever else kept the CPUs busy meanwhile (other work on the machine, the kernel, steal).
    const busyMs = (machine1.busy - machine0.busy) * (1000 / CLK_TCK);
    out.everythingElseMs = Math.max(0, busyMs - out.benchProcessMs - out.workerProcessMs - out.postgresBenchMs - out.postgresOtherMs - out.redisMs);
    out.machineBusyPercent = (100 * (machine1.busy - machine0.busy)) / Math.max(1, machine1.total - machine0.total);
    return out;
  };
}

/** `startCpuMeter` for a bench's own database: its backends are the ones connected to it at the end. */
export function benchCpuMeter({ pgUrl, database, childPid }) {
  return startCpuMeter({
    childPid,
    queryBackends: async () => {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      try {
        return (await client.query('SELECT pid FROM pg_stat_activity WHERE datname = $1', [database])).rows.map((r) => r.pid);
      } finally {
        await client.end();
      }
    },
  });
}

/** Busy and total ticks of all CPUs together (/proc/stat: busy = everything but idle and iowait). */
function machineTicks() {
  const [, ...values] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = values.map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait };
}

function ticksByPid() {
  const map = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      map.set(Number(entry), { comm: stat.slice(stat.indexOf('(') + 1, close), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // gone meanwhile
    }
  }
  return map;
}
