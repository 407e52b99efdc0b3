// The faults of a chaos run, on a timeline relative to the load's duration: a worker SIGKILLed
// every few seconds and started again, one API process SIGKILLed and restarted, Redis stopped for
// 10 s and started empty (on a Redis Cluster instead: the master of the outbound queue, then the
// master of the sending policy's keys, SIGKILLed, each replica taking over and the dead node
// rejoining as a replica), PostgreSQL restarted (as after a crash), PostgreSQL frozen (SIGSTOP)
// for 5 s, and bursts of Meta's 130429 / 131056 refusals. Each is one window in the fault log.
import { REDIS_PREFIX } from './stack.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

export async function runFaults({ stack, log, faultLog, loadMs, killEveryMs }) {
  const started = Date.now();
  const at = (share) => sleep(started + share * loadMs - Date.now());
  const counts = stack.cluster
    ? { worker_kills: 0, api_kills: 0, cluster_master_kills: 0, longest_failover_ms: 0, postgres_restarts: 0, postgres_stalls: 0, meta_refusal_bursts: 0 }
    : { worker_kills: 0, api_kills: 0, redis_restarts: 0, postgres_restarts: 0, postgres_stalls: 0, meta_refusal_bursts: 0 };

  // The workers take turns; the next kill waits until the last one killed is back at work, so a
  // busy machine's slow boots never leave no worker at all.
  const killWorkers = (async () => {
    for (let n = 0; Date.now() - started < loadMs; n++) {
      await sleep(killEveryMs);
      const name = `worker-${(n % 2) + 1}`;
      const end = faultLog.begin('worker SIGKILL + restart');
      await stack.processes.kill(name);
      counts.worker_kills++;
      await sleep(700);
      stack.processes.restart(name);
      end();
      await stack.processes.ready(name);
    }
  })();

  const bursts = (async () => {
    for (let n = 1; n <= 4; n++) {
      await at(n / 5 - 0.05);
      // Meta's own refusals, as a burst of other traffic on the number would earn them.
      stack.sim.scriptNext(3, { kind: 'error', code: 130429 });
      stack.sim.scriptNext(2, { kind: 'error', code: 131056 });
      counts.meta_refusal_bursts++;
    }
  })();

  const major = async (share, name, act) => {
    await at(share);
    log(`fault: ${name}`);
    const end = faultLog.begin(name);
    try {
      await act();
    } finally {
      end();
    }
  };
  // The API process boots while the next fault may already be on: its window ends when it answers.
  const apiBack = major(0.05, 'API process SIGKILL + restart', async () => {
    await stack.processes.kill('api-1');
    counts.api_kills++;
    await sleep(3_000);
    stack.processes.restart('api-1');
    await stack.apiReady('api-1', 120_000);
  });
  // A master dies with the writes its replica had not yet received: the replica serves what it had.
  const failover = async (key) => {
    const port = await stack.cluster.masterOf(key);
    await stack.cluster.kill(port);
    counts.cluster_master_kills++;
    const killedAt = Date.now();
    await stack.cluster.waitForFailover(port);
    counts.longest_failover_ms = Math.max(counts.longest_failover_ms, Date.now() - killedAt);
    log(`fault: ${port} failed over in ${Date.now() - killedAt} ms`);
    await stack.cluster.restart(port);
  };
  if (stack.cluster) {
    await major(0.25, "Redis Cluster: the outbound queue's master SIGKILLed, its replica takes over", () =>
      failover(`{${REDIS_PREFIX}:outbound}:outbound:wait`),
    );
  } else {
    await major(0.25, 'Redis stopped 10 s, restarted empty', async () => {
      await stack.redis.stop();
      await sleep(10_000);
      await stack.redis.restart();
      counts.redis_restarts++;
    });
  }
  // Not while the API process boots: its migrations would fail and it would exit (a supervisor's job).
  await apiBack;
  if (stack.cluster) {
    // The admission script's slot (the portfolio's messaging-limit window, every number's bucket and pairs).
    await major(0.42, "Redis Cluster: the sending policy's master SIGKILLed, its replica takes over", () => failover(`${REDIS_PREFIX}:{policy}:account`));
  }
  await major(0.58, 'PostgreSQL restarted', async () => {
    await stack.pg.restart();
    counts.postgres_restarts++;
  });
  await major(0.75, 'PostgreSQL SIGSTOP 5 s', async () => {
    stack.pg.stall();
    await sleep(5_000);
    stack.pg.resume();
    counts.postgres_stalls++;
  });
  await Promise.all([killWorkers, bursts]);
  return counts;
}
