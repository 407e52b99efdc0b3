// A Redis Cluster of one run's own: three masters and three replicas of `redis-server` on free
// loopback ports, each in its own temp dir (nothing persisted but nodes.conf), joined with
// `redis-cli --cluster create`. A test or the chaos run may SIGKILL a master, wait for its replica
// to take over, and start the dead node again (it comes back as a replica). Never a shared server.
// Plain ESM on the built API (like private-redis.mjs), so jest and `npm run chaos` share it.
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../apps/api/dist/infra/free-port.js';

const run = promisify(execFile);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A master is failed this long after it stops answering (Redis's default is 15 s); short, so a
 * failover fits in a test. A replica fails over however stale it is (validity factor 0): the
 * run's point is what the application makes of a failover, not whether Redis would refuse one.
 */
export const NODE_TIMEOUT_MS = 1_000;

export async function startPrivateRedisCluster({ masters = 3, replicasPerMaster = 1, log = () => undefined } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sendbook-redis-cluster-'));
  const nodes = [];
  for (let i = 0; i < masters * (1 + replicasPerMaster); i++) {
    // The cluster bus gets a port of its own (cluster-port), not port + 10000, which may be taken.
    nodes.push({ port: await freePort(), busPort: await freePort(), dir: path.join(dir, `node-${i}`), child: null });
  }
  const start = (node) => {
    node.child = spawn(
      'redis-server',
      [
        '--port',
        String(node.port),
        '--cluster-port',
        String(node.busPort),
        '--bind',
        '127.0.0.1',
        '--dir',
        node.dir,
        '--cluster-enabled',
        'yes',
        '--cluster-config-file',
        'nodes.conf',
        '--cluster-node-timeout',
        String(NODE_TIMEOUT_MS),
        '--cluster-replica-validity-factor',
        '0',
        '--save',
        '',
        '--appendonly',
        'no',
      ],
      { stdio: 'ignore' },
    );
    node.exited = new Promise((resolve) => node.child.once('exit', resolve));
  };
  const cli = async (node, ...args) => (await run('redis-cli', ['-h', '127.0.0.1', '-p', String(node.port), ...args], { timeout: 5_000 })).stdout;
  const answers = (node) =>
    cli(node, 'PING').then(
      (out) => out.trim() === 'PONG',
      () => false,
    );
  const alive = (node) => node.child && node.child.exitCode === null && node.child.signalCode === null;

  /** CLUSTER NODES as one node sees it: { id, port, role, masterId, failed, slots: [[from, to]] }. */
  const view = async (node) =>
    (await cli(node, 'CLUSTER', 'NODES'))
      .trim()
      .split('\n')
      .map((line) => {
        const [id, address, flags, masterId, , , , , ...slots] = line.split(' ');
        return {
          id,
          port: Number(address.split('@')[0].split(':')[1]),
          role: flags.includes('master') ? 'master' : 'replica',
          masterId: masterId === '-' ? null : masterId,
          // `fail?` is one node's suspicion; `fail` the cluster's verdict.
          failed: flags.split(',').includes('fail'),
          slots: slots
            .filter((s) => !s.startsWith('['))
            .map((s) => s.split('-').map(Number))
            .map(([a, b]) => [a, b ?? a]),
        };
      });
  const info = async (node) =>
    Object.fromEntries(
      (await cli(node, 'CLUSTER', 'INFO'))
        .split(/\r?\n/)
        .filter(Boolean)
        .map((l) => l.split(':')),
    );
  const replication = async (node) =>
    Object.fromEntries(
      (await cli(node, 'INFO', 'replication'))
        .split(/\r?\n/)
        .filter((l) => l.includes(':'))
        .map((l) => l.split(':')),
    );

  const until = async (what, timeoutMs, test) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (await test().catch(() => false)) return;
      if (Date.now() > deadline) throw new Error(`private Redis Cluster: timed out waiting until ${what}`);
      await sleep(100);
    }
  };

  /** Every live node says cluster_state:ok, sees every slot covered, and every replica is in sync. */
  const healthy = async () => {
    for (const node of nodes.filter(alive)) {
      const i = await info(node);
      if (i.cluster_state !== 'ok' || i.cluster_slots_ok !== '16384') return false;
      const r = await replication(node);
      if (r.role === 'slave' && (r.master_link_status !== 'up' || r.master_sync_in_progress !== '0')) return false;
    }
    return true;
  };

  const stop = async () => {
    await Promise.all(
      nodes.map(async (node) => {
        if (!alive(node)) return;
        node.child.kill('SIGCONT');
        node.child.kill('SIGKILL');
        await node.exited;
      }),
    );
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    // Its own dir each: nodes.conf is the node's identity, kept across a restart.
    for (const node of nodes) mkdirSync(node.dir);
    for (const node of nodes) start(node);
    await until('every node answers', 10_000, async () => (await Promise.all(nodes.map(answers))).every(Boolean));
    await run(
      'redis-cli',
      ['--cluster', 'create', ...nodes.map((n) => `127.0.0.1:${n.port}`), '--cluster-replicas', String(replicasPerMaster), '--cluster-yes'],
      { timeout: 30_000 },
    );
    await until('the cluster is ok and every replica in sync', 30_000, healthy);
  } catch (error) {
    await stop();
    throw error;
  }
  log(`private Redis Cluster on ${nodes.map((n) => n.port).join(', ')}`);

  const byPort = (port) => {
    const node = nodes.find((n) => n.port === port);
    if (!node) throw new Error(`no node of this cluster on port ${port}`);
    return node;
  };
  const anyAlive = () => {
    const node = nodes.find(alive);
    if (!node) throw new Error('every node of the cluster is down');
    return node;
  };

  return {
    /** `host:port` of every node, comma-separated: REDIS_CLUSTER_NODES. */
    seeds: nodes.map((n) => `127.0.0.1:${n.port}`).join(','),
    ports: nodes.map((n) => n.port),
    /** The masters now, as a live node sees them. */
    async masters() {
      return (await view(anyAlive())).filter((n) => n.role === 'master' && !n.failed && n.slots.length > 0).map((n) => ({ port: n.port, slots: n.slots }));
    },
    /** The slot a key hashes to (its hash tag, if it has one). */
    async slotOf(key) {
      return Number((await cli(anyAlive(), 'CLUSTER', 'KEYSLOT', key)).trim());
    },
    /** The port of the master serving `key` now. */
    async masterOf(key) {
      const slot = await this.slotOf(key);
      const master = (await this.masters()).find((m) => m.slots.some(([a, b]) => slot >= a && slot <= b));
      if (!master) throw new Error(`no master serves slot ${slot}`);
      return master.port;
    },
    /** SIGKILL a node (a master, for a failover): no goodbye, as a lost machine. */
    async kill(port) {
      const node = byPort(port);
      if (!alive(node)) return;
      node.child.kill('SIGKILL');
      await node.exited;
    },
    /** Until a replica of the killed master serves its slots and the live nodes agree the cluster is ok. */
    async waitForFailover(port, timeoutMs = 30_000) {
      await until(`a replica took over from ${port}`, timeoutMs, async () => {
        const seen = await view(anyAlive());
        const dead = seen.find((n) => n.port === port);
        if (dead && dead.role === 'master' && dead.slots.length > 0) return false;
        for (const node of nodes.filter(alive)) if ((await info(node)).cluster_state !== 'ok') return false;
        return true;
      });
    },
    /** Starts a killed node again on its port and dir; it rejoins as a replica. Resolves once it is in sync. */
    async restart(port, timeoutMs = 30_000) {
      const node = byPort(port);
      if (alive(node)) return;
      start(node);
      await until(`${port} answers again`, 10_000, () => answers(node));
      await until(`${port} rejoined in sync`, timeoutMs, healthy);
    },
    async killMasterLosingWrites(key, beforeKill) {
      const port = await this.masterOf(key);
      const seen = await view(byPort(port));
      const masterId = seen.find((n) => n.port === port).id;
      const replicas = seen.filter((n) => n.masterId === masterId).map((n) => byPort(n.port));
      if (replicas.length === 0) throw new Error(`master ${port} has no replica to take over`);
      // Frozen, and the link cut from the master's side: what the master takes next reaches no replica.
      for (const replica of replicas) replica.child.kill('SIGSTOP');
      try {
        await cli(byPort(port), 'CLIENT', 'KILL', 'TYPE', 'replica');
        await beforeKill();
        await this.kill(port);
      } finally {
        for (const replica of replicas) replica.child.kill('SIGCONT');
      }
      await this.waitForFailover(port);
      return port;
    },
    /** Whether every node is up, the cluster ok and every replica in sync. */
    healthy,
    stop,
  };
}
