// `npm run bench`: every benchmark, each against a baseline measured in the same run on this machine.
// Needs PostgreSQL and Redis on localhost (as `npm test` does); builds first.
import { existsSync } from 'node:fs';
import { ensureDependencies, mustRun } from './run.mjs';

ensureDependencies();
mustRun('build', 'npx', ['tsc', '-b', 'tsconfig.build.json']);

const { run: runWebhooks } = await import('../bench/webhooks.bench.mjs');
const { run: runOutbound, formatTable } = await import('../bench/outbound.bench.mjs');
const { run: runFanout } = await import('../bench/sse-fanout.bench.mjs');
const { run: runThreadOpen } = await import('../bench/thread-open.bench.mjs');

console.log('\n## Webhook ingestion\n');
const webhooks = await runWebhooks();
console.log('\n## Outbound pipeline\n');
// `core` runs the same bookkeeping without the framework and the policy: the yardstick beside the target.
const outbound = await runOutbound({ modes: ['split', 'core'] });
console.log(formatTable(outbound));
console.log('\n## Live events to the inbox\n');
const fanout = await runFanout();
console.log('\n## Opening a long thread in the inbox\n');
// Needs the built inbox: build it when it is not (next build is slow, so only then).
if (!existsSync('apps/inbox/.next/BUILD_ID')) mustRun('build the inbox', 'npx', ['next', 'build', 'apps/inbox']);
const thread = await runThreadOpen();

const ok = webhooks.every_ack_stored && outbound.exactlyOnce && fanout.nothing_lost && thread.dom_bounded;
process.exit(ok ? 0 : 1);
