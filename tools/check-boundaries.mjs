// Module boundaries by Nx tags (STYLE.md habit 9), checked on import specifiers:
// - libs (scope:domain) stay free of frameworks and never import apps;
// - nothing imports another project by a relative path;
// - the inbox imports no server code.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './run.mjs';

const FRAMEWORKS = /^(@nestjs\/|typeorm|bullmq|ioredis|pg|express|next|react)(\/|$)/;
const rules = [
  { root: 'libs', forbid: (spec) => FRAMEWORKS.test(spec) || spec.startsWith('@sendbook/api') || spec.startsWith('@sendbook/simulator'), why: 'libs stay framework-free' },
  { root: 'apps/inbox/src', forbid: (spec) => /^@sendbook\/(api|whatsapp|queue|simulator)/.test(spec) || /^(@nestjs|typeorm|bullmq|ioredis|pg)(\/|$)/.test(spec), why: 'the inbox imports no server code' },
];

const problems = [];
for (const file of walk(ROOT)) {
  const rel = path.relative(ROOT, file);
  const project = rel.split('/').slice(0, 2).join('/');
  const source = readFileSync(file, 'utf8');
  for (const [, spec] of source.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)) {
    if (spec.startsWith('.')) {
      const target = path.relative(ROOT, path.resolve(path.dirname(file), spec));
      const targetProject = target.split('/').slice(0, 2).join('/');
      if (/^(apps|libs)\//.test(target) && targetProject !== project && /^(apps|libs)\//.test(rel)) {
        problems.push(`${rel}: imports ${spec} across projects; use the package name`);
      }
      continue;
    }
    for (const rule of rules) if (rel.startsWith(rule.root) && rule.forbid(spec)) problems.push(`${rel}: imports ${spec} (${rule.why})`);
  }
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    if (['node_modules', 'dist', '.next', '.data', '.git', '.nx', 'fixtures'].includes(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else if (/\.(ts|tsx|mts|mjs)$/.test(name) && !name.endsWith('.d.ts')) yield full;
  }
}
