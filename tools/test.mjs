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
 * 3.5 s for lag, and three files at once took more), the short chaos run (six processes of its
 * own, faults on a timeline) and the 80 msg/s cap (3,000 sends against the simulator's 1 s windows:
 * when neighbours stretched it from 75 s to 102 s, four sends landed in a window Meta would have
 * refused with 130429), and three campaigns at that cap at once. They run after the rest, one at a time.
 */
const ALONE = [
  'test/outbox/slow-graph.e2e.ts',
  'test/auth/sign-in-flood.e2e.ts',
  'test/chaos/chaos-short.e2e.ts',
  'test/policy/throughput-and-pacing.e2e.ts',
  'test/policy/campaign-at-the-cap.e2e.ts',
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
}
const failed = runs.find((r) => r.code !== 0 || !r.summary);
if (failed || sum('numTotalTests') === 0) process.exit(failed?.code || 1);
