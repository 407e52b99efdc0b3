// One chaos run: boot the stack, let customers greet, play the integrators' and agents' load while
// the faults happen, let everything drain (resolving nothing by hand), then judge the invariants
// from the simulator's records and the database. Returns the verdict and the figures.
import path from 'node:path';
import { Prng } from '../../apps/simulator/dist/index.js';
import { ROOT } from '../run.mjs';
import { faultLog as newFaultLog } from './fault-log.mjs';
import { runFaults } from './faults.mjs';
import { allInvariants } from './invariants.mjs';
import { integrators, playLoad } from './load.mjs';
import { coldNumbers, planLoad } from './load-plan.mjs';
import { readAckedWebhooks, readBacklog, readDatabase, readInboundSent, readLedger, readWorkItems } from './readers.mjs';
import { MPS, PAIR_INTERVAL_MS, SECRETS, STUCK_AFTER_MS, startStack } from './stack.mjs';

/** A process up for less than this is still booting (migrations, connections, Nest's modules). */
const BOOTING_MS = 45_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Sizes of a run of `messages` business events: a full run, or the short one inside `npm test`. */
export function shapeOf(messages) {
  const short = messages < 2_000;
  return short
    ? { warm: 80, messagingLimit: 10, cold: 14, loadMs: 45_000, killEveryMs: 3_000, drainMs: 90_000 }
    : { warm: 400, messagingLimit: 250, cold: 270, loadMs: Math.max(60_000, (messages / 60) * 1000), killEveryMs: 4_000, drainMs: 1_200_000 };
}

/** `redis`: `single` (one redis-server) or `cluster` (a Redis Cluster, whose masters die instead). */
export async function runChaos({ messages, seed, log = console.log, redis = 'single' }) {
  const shape = shapeOf(messages);
  const runDir = path.join(ROOT, '.data', 'chaos', `${new Date().toISOString().replace(/[:.]/g, '-')}-seed${seed}${redis === 'cluster' ? '-cluster' : ''}`);
  const t0 = Date.now();
  const stack = await startStack({ seed, runDir, messagingLimit: shape.messagingLimit, log, redis });
  // Interrupted (Ctrl-C, a test's time-out): leave no private server or app process behind.
  const interrupted = (signal) => void stack.close().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  const faults = newFaultLog();
  stack.onAnswer((a) => faults.answer(a));
  let deduplicatedAnswers = 0;
  const client = integrators({
    url: stack.front.url,
    apiKey: SECRETS.apiKey,
    giveUpAt: t0 + shape.loadMs + shape.drainMs,
    onDeduplicated: () => deduplicatedAnswers++,
  });
  try {
    log(`booted 2 ROLE=api + 2 ROLE=worker in ${((Date.now() - t0) / 1000).toFixed(1)} s; logs in ${path.relative(ROOT, runDir)}`);
    await until('the worker synced the templates', 60_000, async () =>
      JSON.stringify((await client.call('GET', '/v1/templates')).body ?? '').includes('order_shipped'),
    );

    // Customers who write first (their window is open), and numbers that never wrote (templates only).
    const customers = stack.sim.randomCustomers({ count: shape.warm, replyProbability: 0.35, greet: true, replyDelayMs: [500, 3_000] });
    const warm = customers.map((c) => c.waId);
    const cold = coldNumbers(seed, shape.cold, new Set(warm));
    // A few of them cannot receive anything: Meta accepts, then fails the message (131026).
    for (const waId of cold.filter((_, k) => k % 10 === 3)) stack.sim.customer(waId, { failWith: 131026 });
    await until(
      'every greeting is stored',
      60_000,
      async () => (await stack.db.query('SELECT count(*)::int AS n FROM inbound_messages')).rows[0].n >= warm.length,
    );

    const intents = planLoad({ messages, seed, warm, cold });
    log(
      `load: ${messages} business events over ${shape.loadMs / 1000} s to ${warm.length} customers and ${cold.length} cold numbers (messaging limit ${shape.messagingLimit}), seed ${seed}`,
    );
    // Settled either way, so a failed fault cannot crash the runner before it tears its stack down.
    const faultRun = runFaults({ stack, log, faultLog: faults, loadMs: shape.loadMs, killEveryMs: shape.killEveryMs }).then(
      (counts) => ({ counts }),
      (error) => ({ error }),
    );
    const loadStarted = Date.now();
    // Customers also write on their own (no context) all through the faults, so webhooks keep coming.
    const chatterRng = new Prng(seed + 1);
    const chatter = setInterval(() => chatterRng.pick(customers).sendText(`Another question, #${chatterRng.int(1, 1_000_000)}`), 400);
    const answered = await playLoad(intents, client, { durationMs: shape.loadMs }).finally(() => clearInterval(chatter));
    log(`load answered in ${((Date.now() - loadStarted) / 1000).toFixed(1)} s`);
    // Every fault happens, even if the load was answered before the last one's time.
    const faulted = await faultRun;
    if (faulted.error) throw faulted.error;
    const survived = faulted.counts;

    log('draining: nothing resolved by hand');
    const drained = await drain(stack, shape.drainMs, log);
    const judged = await judge(stack, client, shape);
    // A process booting while PostgreSQL or Redis is away may refuse to start (exit 1): a supervisor
    // starts it again, as this run does. A process that was up and died is a finding.
    const exits = stack.processes.crashes();
    const bootRefusals = exits.filter((e) => e.upForMs < BOOTING_MS && faults.outageAround(e.at, BOOTING_MS));
    const crashes = exits
      .filter((e) => !bootRefusals.includes(e))
      .map((e) => `${e.name} exited by itself (${e.code}) after ${Math.round(e.upForMs / 1000)} s up, at ${new Date(e.at).toISOString()}; see its log`);
    const checks = [
      ...judged.checks,
      findingsCheck('every integrator and agent request got the answer it should', client.findings),
      findingsCheck('no running process exited by itself', crashes),
      findingsCheck('everything drained', drained ? [] : ['the backlog did not drain within the time allowed (see the last backlog line)']),
    ];
    return {
      ok: checks.every((c) => c.ok || c.advisory),
      checks,
      figures: figures({
        messages,
        seed,
        redis,
        shape,
        answered,
        deduplicatedAnswers,
        client,
        survived: { ...survived, boots_refused_during_an_outage: bootRefusals.length },
        faults,
        stack,
        judged,
        seconds: (Date.now() - t0) / 1000,
      }),
      runDir,
    };
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await stack.close();
  }
}

async function until(what, timeoutMs, test) {
  const deadline = Date.now() + timeoutMs;
  while (!(await test().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(250);
  }
}

/** Waits until nothing moves: no due row, no unprocessed delivery, no parked status, the simulator idle, for 3 s. */
async function drain(stack, timeoutMs, log) {
  const deadline = Date.now() + timeoutMs;
  let last = null;
  let stillSince = Date.now();
  let lastLog = 0;
  for (;;) {
    const backlog = await readBacklog(stack.db).catch(() => null);
    const simIdle = await Promise.race([stack.sim.idle().then(() => true), sleep(50).then(() => false)]);
    const key = JSON.stringify(backlog);
    if (key !== last) {
      last = key;
      stillSince = Date.now();
    }
    const quiet = backlog && backlog.queued === 0 && backlog.deliveries === 0 && backlog.parked === 0 && simIdle;
    if (Date.now() - lastLog > 5_000) {
      lastLog = Date.now();
      log(`backlog: ${key} simulator ${simIdle ? 'idle' : 'busy'}`);
    }
    if (quiet && Date.now() - stillSince > 3_000) break;
    if (Date.now() > deadline) return false;
    await sleep(500);
  }
  // Past the stuck threshold, a row still `sending` is listed as a work item.
  await sleep(STUCK_AFTER_MS + 1_000);
  return true;
}

async function judge(stack, client, shape) {
  const db = await readDatabase(stack.db);
  const facts = {
    ledger: readLedger(stack.sim),
    inboundSent: readInboundSent(stack.sim),
    acked: readAckedWebhooks(stack.sim),
    ...db,
    stuckListed: await readWorkItems(client.call, 'stuck_sending'),
    unattributedListed: await readWorkItems(client.call, 'unattributed_inbound'),
    rejections: stack.sim.rejections(),
    caps: { [SECRETS.phoneNumberId]: MPS },
    pairIntervalMs: PAIR_INTERVAL_MS,
    // The limit the API applied, as it reports it (Meta's, where Graph announces one, else MESSAGING_LIMIT).
    messagingLimit: await appliedLimit(client.call, shape.messagingLimit),
  };
  return { checks: allInvariants(facts), facts };
}

async function appliedLimit(call, configured) {
  const numbers = await call('GET', '/v1/numbers');
  const limit = numbers.body?.data?.find((n) => n.phone_number_id === SECRETS.phoneNumberId)?.messaging_limit?.limit;
  return limit ?? configured;
}

function findingsCheck(name, findings) {
  return { name, ok: findings.length === 0, advisory: false, count: findings.length, violations: findings.slice(0, 20) };
}

function figures({ messages, seed, redis, shape, answered, deduplicatedAnswers, client, survived, faults, stack, judged, seconds }) {
  const { facts } = judged;
  const deliveries = stack.sim.webhookDeliveries();
  const rejections = stack.sim.rejections();
  const byState = {};
  for (const row of facts.rows) byState[row.state] = (byState[row.state] ?? 0) + 1;
  return {
    seed,
    redis,
    business_events: messages,
    seconds: Math.round(seconds),
    rows: facts.rows.length,
    rows_by_state: byState,
    agent_replies: answered.filter((a) => a.intent.kind === 'reply').length,
    requests: client.counts(),
    meta: {
      accepted: facts.ledger.length,
      answers_lost: facts.ledger.filter((e) => e.responseLost).length,
      failed_by_platform: facts.ledger.filter((e) => e.failedWith !== null).length,
      refused_5xx: rejections.filter((r) => r.cause === 'http_500').length,
      refused_130429: rejections.filter((r) => r.code === 130429).length,
      refused_131056: rejections.filter((r) => r.code === 131056).length,
      business_initiated_users: new Set(facts.ledger.filter((e) => !e.windowOpen).map((e) => e.to)).size,
    },
    webhooks: {
      posts: deliveries.length,
      re_deliveries: deliveries.filter((d) => d.kind === 'duplicate').length,
      answered_200: facts.acked.length,
      stored: facts.counts.deliveries,
      events: facts.counts.events,
      poison: facts.counts.poison,
      inbound_sent: facts.inboundSent.length,
      inbound_stored: facts.inboundStored.length,
    },
    duplicates_absorbed: { enqueue_and_reply_answers: deduplicatedAnswers, webhook_events: facts.counts.duplicate_events },
    stuck_listed: facts.stuckListed.size,
    unattributed_listed: facts.unattributedListed.size,
    survived,
    faults: faults.summary(),
    shape,
  };
}
