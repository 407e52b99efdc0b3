// Rewrites the background-work table in docs/ARCHITECTURE.md from apps/api/src/background/background-work.ts
// (built first: `npm run docs:jobs`). The unit test background-work-table.spec fails while it is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withBackgroundWorkTable } from '../apps/api/dist/background/background-work-table.js';

const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'ARCHITECTURE.md');
const before = readFileSync(file, 'utf8');
const after = withBackgroundWorkTable(before);
if (after !== before) writeFileSync(file, after);
console.log(after === before ? 'docs/ARCHITECTURE.md: background work table up to date' : 'docs/ARCHITECTURE.md: background work table rewritten');
