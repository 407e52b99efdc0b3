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

const report = path.join(ROOT, '.data', 'jest-report.json');
mkdirSync(path.dirname(report), { recursive: true });
rmSync(report, { force: true });
const code = run('node', ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', 'node_modules/jest/bin/jest.js', '--json', `--outputFile=${report}`]);
let summary = null;
try {
  summary = JSON.parse(readFileSync(report, 'utf8'));
} catch {
  // jest died before writing a report; its exit code below says so.
}
if (summary) {
  const { numPassedTests, numFailedTests, numPendingTests, numTotalTestSuites, numFailedTestSuites } = summary;
  console.log(`\n${numTotalTestSuites} suites, ${numFailedTestSuites} failed`);
  console.log(`${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests} skipped`);
}
if (code !== 0 || !summary || summary.numTotalTests === 0) process.exit(code || 1);
