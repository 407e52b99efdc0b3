// `npm test`: every check, in the order that fails fastest. Exits non-zero on any failure.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT, ensureDependencies, mustRun, run } from './run.mjs';

ensureDependencies();
mustRun('typecheck + build', 'npx', ['tsc', '-b', 'tsconfig.build.json']);
mustRun('typecheck inbox', 'npx', ['tsc', '-p', 'apps/inbox']);
// Specs and end-to-end tests are not part of any build; swc strips their types, so check them here.
mustRun('typecheck tests', 'npx', ['tsc', '-p', 'tsconfig.spec.json']);
// The same script as `npm run lint`: oxlint through Nx, then the module boundaries.
mustRun('lint', 'node', ['tools/lint.mjs']);
mustRun('build inbox', 'npx', ['next', 'build', 'apps/inbox']);

/**
 * Tests whose subject is timing under a machine's own load: beside two other test files and a
 * browser they measure the neighbours (a slow Meta's 1.5 s answers against a 5 s time-out left
 * 3.5 s for lag, and three files at once took more), the short chaos runs (six processes of
 * their own, faults on a timeline; one of them on a Redis Cluster), the 80 msg/s cap (3,000 sends
 * against the simulator's 1 s windows: when neighbours stretched it from 75 s to 102 s, four sends
 * landed in a window Meta would have refused with 130429), three campaigns at that cap at once, the
 * pacing across an API and two worker processes on a Redis Cluster (beside neighbours, at a load
 * average of 17, one run met fifteen 131056 refusals), and the acks' longest wait while a million
 * webhook bodies move into partitions. They run after the rest, one at a time.
 */
/**
 * Files that start engines of their own beside the app (six redis-servers of a cluster, a standby
 * PostgreSQL, PgBouncer and worker processes): beside two other files and a browser they pushed the
 * load average past 10, and browser tests timed out at 60 s. They run with the timing tests.
 */
const HEAVY = [
  'test/cluster/failover-loses-jobs.e2e.ts',
  'test/cluster/failover-messaging-limit.e2e.ts',
  'test/replica/read-replica.e2e.ts',
  'test/browser/read-replica.e2e.ts',
  'test/foundation/pgbouncer.e2e.ts',
];
const ALONE = [
  'test/outbox/slow-graph.e2e.ts',
  'test/auth/sign-in-flood.e2e.ts',
  'test/chaos/chaos-short.e2e.ts',
  'test/chaos/chaos-cluster-short.e2e.ts',
  'test/cluster/policy-on-cluster.e2e.ts',
  'test/policy/throughput-and-pacing.e2e.ts',
  'test/policy/campaign-at-the-cap.e2e.ts',
  'test/webhooks/partition-conversion.e2e.ts',
  // 200,000 rows seeded and a 183 MB export streamed while its heap is measured: beside two other
  // files it outlasted 120 s.
  'test/outbox/export-volume.e2e.ts',
  // 4,000 deliveries from one customer, processed one after another: beside two files, 20 a second.
  'test/webhooks/backlog-sweep.e2e.ts',
  ...HEAVY,
];

/** One jest run with its JSON report; the report, or null when jest died before writing it. */
function jest(name, args) {
  const report = path.join(ROOT, '.data', `jest-report-${name}.json`);
  mkdirSync(path.dirname(report), { recursive: true });
  rmSync(report, { force: true });
  const code = run('node', [
    '--experimental-vm-modules',
    '--no-warnings=ExperimentalWarning',
    'node_modules/jest/bin/jest.js',
    '--json',
    `--outputFile=${report}`,
    ...args,
  ]);
  try {
    return { code, summary: JSON.parse(readFileSync(report, 'utf8')) };
  } catch {
    return { code, summary: null };
  }
}

const runs = [jest('parallel', ['--testPathIgnorePatterns', ...ALONE]), jest('alone', ['--runInBand', '--runTestsByPath', ...ALONE])];
const sum = (key) => runs.reduce((n, r) => n + (r.summary?.[key] ?? 0), 0);
if (runs.every((r) => r.summary)) {
  console.log(`\n${sum('numTotalTestSuites')} suites, ${sum('numFailedTestSuites')} failed`);
  console.log(`${sum('numPassedTests')} passed, ${sum('numFailedTests')} failed, ${sum('numPendingTests')} skipped`);
  // Last lines of the log are often all a CI page shows: name every failed test there.
  for (const file of runs.flatMap((r) => r.summary.testResults)) {
    const failedTests = file.assertionResults.filter((t) => t.status === 'failed');
    if (file.status !== 'failed') continue;
    const where = path.relative(ROOT, file.name);
    if (failedTests.length === 0) console.log(`FAILED ${where}: ${file.message.split('\n').find((l) => l.trim()) ?? ''}`);
    for (const t of failedTests) console.log(`FAILED ${where} › ${t.fullName}`);
  }
  // Passed on its second try (test/support/retry-once.ts): named, so the wait that failed gets mended.
  for (const file of runs.flatMap((r) => r.summary.testResults))
    for (const t of file.assertionResults.filter((a) => a.status === 'passed' && (a.invocations ?? 1) > 1))
      console.log(`RETRIED ${path.relative(ROOT, file.name)} › ${t.fullName}: ${(t.retryReasons?.[0] ?? '').split('\n').find((l) => l.trim()) ?? ''}`);
}
const failed = runs.find((r) => r.code !== 0 || !r.summary);
if (failed || sum('numTotalTests') === 0) process.exit(failed?.code || 1);
