import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface Summary {
  ok: boolean;
  checks: { name: string; ok: boolean; advisory: boolean; violations: string[] }[];
  figures: {
    redis: string;
    rows: number;
    meta: { accepted: number; answers_lost: number; refused_5xx: number; refused_130429: number; refused_131056: number };
    webhooks: { re_deliveries: number; answered_200: number };
    duplicates_absorbed: { enqueue_and_reply_answers: number; webhook_events: number };
    survived: Record<string, number>;
  };
}

// `npm run chaos -- --redis cluster`, shortened: the same runner and faults as chaos-short.e2e.ts,
// on a Redis Cluster of three masters and three replicas, where instead of one Redis stopped and
// started empty, the master of the outbound queue and then the master of the sending policy's keys
// are SIGKILLed mid-campaign, each replica taking over (with whatever it had not yet received lost)
// and the dead node rejoining as a replica. Alone, after the rest, like the other short run.
describe('chaos on a Redis Cluster, short run: nothing sent twice, nothing lost, with masters killed', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sendbook-chaos-cluster-'));
  let child: ChildProcess | null = null;
  afterAll(() => {
    // Timed out: SIGTERM makes the runner tear down its private servers and processes.
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  });

  it('240 business events with two cluster masters, workers, an API process and PostgreSQL failing: every invariant holds', async () => {
    const summaryFile = path.join(dir, 'summary.json');
    const output: string[] = [];
    const code = await new Promise<number | null>((resolve) => {
      child = spawn(process.execPath, ['tools/chaos.mjs', '--messages', '240', '--seed', '7', '--redis', 'cluster', '--no-build', '--summary', summaryFile], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
      child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
      child.on('exit', (exitCode) => resolve(exitCode));
    });
    if (code !== 0 && code !== 1) throw new Error(`the chaos run died (exit ${code}):\n${output.join('').slice(-4000)}`);
    const summary = JSON.parse(readFileSync(summaryFile, 'utf8')) as Summary;
    // Named rows first: a failure says what broke, not only that the exit code was 1.
    expect(summary.checks.filter((c) => !c.ok && !c.advisory)).toEqual([]);
    expect({ code, ok: summary.ok }).toEqual({ code: 0, ok: true });

    // The faults happened, on the cluster: an all-green run that skipped them proves nothing.
    const f = summary.figures;
    expect(f.redis).toBe('cluster');
    expect(f.survived).toMatchObject({ cluster_master_kills: 2, api_kills: 1, postgres_restarts: 1, postgres_stalls: 1 });
    expect(f.survived.longest_failover_ms).toBeGreaterThan(0);
    expect(f.survived.worker_kills).toBeGreaterThanOrEqual(2);
    expect(f.rows).toBeGreaterThanOrEqual(220);
    expect(f.meta.answers_lost).toBeGreaterThan(0);
    expect(f.meta.refused_130429 + f.meta.refused_131056).toBeGreaterThan(0);
    expect(f.webhooks.re_deliveries).toBeGreaterThan(0);
    expect(f.duplicates_absorbed.enqueue_and_reply_answers).toBeGreaterThan(0);
    expect(f.duplicates_absorbed.webhook_events).toBeGreaterThan(0);
  }, 300_000);
});
