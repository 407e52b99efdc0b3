// Module boundaries, checked on Nx's project graph: projects, their tags and every file's
// dependencies come from Nx (the dependencies from tools/nx-plugin.mjs). Rules are keyed on tags,
// so a new project obeys them as soon as it is tagged:
// - every project has one `scope:*` tag;
// - `scope:domain` (libs/whatsapp, libs/queue) depends on no framework and no app (`type:app`);
// - `scope:inbox` depends, among workspace projects, only on `scope:contract`
//   (@sendbook/api-contract), and on no server package;
// - `scope:client` (@sendbook/client, published to npm) depends on no workspace project and on no
//   npm package its package.json does not list in `dependencies` (its specs, not shipped, aside);
// - nothing imports another project by a relative path.
//
// Usage: node tools/check-boundaries.mjs [workspace root]   (default: this repository)
// Exits 1 and prints `file: message [rule]` lines when a rule is broken.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { QUIET_ENV } from './run.mjs';

const FRAMEWORKS = /^(@nestjs\/.+|typeorm|bullmq|ioredis|pg|fastify|next|react)$/;
const SERVER_PACKAGES = /^(@nestjs\/.+|typeorm|bullmq|ioredis|pg)$/;

const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
// Nx reads these when its modules load: which workspace, and no daemon, cloud or plugin workers.
Object.assign(process.env, QUIET_ENV, { NX_WORKSPACE_ROOT_PATH: root });
process.chdir(root);
const require = createRequire(path.join(root, 'package.json'));
const { createProjectGraphAsync } = require('nx/src/devkit-exports.js');
const { readFileMapCache } = require('nx/src/devkit-internals.js');
const { findImports } = require('nx/src/native/index.js');
const { fileDataDepTarget } = require('nx/src/config/project-graph.js');

const graph = await createProjectGraphAsync({ exitOnError: true });
const fileMap = readFileMapCache()?.fileMap.projectFileMap;
if (!fileMap) {
  console.error('Nx wrote no file map; cannot check module boundaries.');
  process.exit(1);
}

const projects = graph.nodes;
const tags = (name) => projects[name]?.data.tags ?? [];
const has = (name, tag) => tags(name).includes(tag);
const npmName = (target) => graph.externalNodes?.[target]?.data.packageName;
const declaredDependencies = (name) => {
  const manifest = JSON.parse(readFileSync(path.join(root, projects[name].data.root, 'package.json'), 'utf8'));
  return new Set(Object.keys(manifest.dependencies ?? {}));
};

/** Each rule: which source projects it applies to, and why a dependency breaks it (or null). */
const rules = [
  {
    id: 'domain-no-framework',
    applies: (source) => has(source, 'scope:domain'),
    broken: (target) => (FRAMEWORKS.test(npmName(target) ?? '') ? `imports ${npmName(target)}; scope:domain libs stay framework-free` : null),
  },
  {
    id: 'domain-no-app',
    applies: (source) => has(source, 'scope:domain'),
    broken: (target) => (has(target, 'type:app') ? `imports the app ${target}; scope:domain libs never depend on apps` : null),
  },
  {
    id: 'inbox-contract-only',
    applies: (source) => has(source, 'scope:inbox'),
    broken: (target) =>
      projects[target] && !has(target, 'scope:contract')
        ? `imports ${target}; the inbox may import only scope:contract projects (@sendbook/api-contract)`
        : null,
  },
  {
    id: 'inbox-no-server-packages',
    applies: (source) => has(source, 'scope:inbox'),
    broken: (target) => (SERVER_PACKAGES.test(npmName(target) ?? '') ? `imports ${npmName(target)}; no server package in the inbox` : null),
  },
  {
    id: 'client-standalone',
    applies: (source) => has(source, 'scope:client'),
    broken: (target, file, source) => {
      if (/\.spec\.[cm]?[jt]s$/.test(file)) return null;
      if (projects[target]) return `imports ${target}; scope:client is published alone and depends on no workspace project`;
      const name = npmName(target);
      return name && !declaredDependencies(source).has(name)
        ? `imports ${name}, which ${projects[source].data.root}/package.json does not list in dependencies`
        : null;
    },
  },
];

const problems = [];
for (const name of Object.keys(projects).sort()) {
  const scopes = tags(name).filter((tag) => tag.startsWith('scope:'));
  if (scopes.length !== 1) {
    problems.push(
      `${projects[name].data.root}/package.json: ${name} has ${scopes.length === 0 ? 'no' : scopes.join(' and ')} scope tag; give it one scope:* in its "nx" field [project-has-scope]`,
    );
  }
  const active = rules.filter((rule) => rule.applies(name));
  for (const { file, deps = [] } of fileMap[name] ?? []) {
    const targets = [...new Set(deps.map(fileDataDepTarget))];
    for (const target of targets) {
      for (const rule of active) {
        const why = rule.broken(target, file, name);
        if (why) problems.push(`${file}: ${why} [${rule.id}]`);
      }
    }
    if (targets.some((target) => projects[target])) problems.push(...relativeImports(name, file));
  }
}

if (problems.length > 0) {
  console.error(`Module boundaries broken (${problems.length}):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`Module boundaries hold: ${Object.keys(projects).length} projects.`);

/** Imports in `file` (of project `source`) that reach another project's folder by a relative path. */
function relativeImports(source, file) {
  const [found] = findImports({ [source]: [path.join(root, file)] });
  const specifiers = [...(found?.staticImportExpressions ?? []), ...(found?.dynamicImportExpressions ?? [])];
  const out = [];
  for (const specifier of specifiers.filter((s) => s.startsWith('.'))) {
    const resolved = path.posix.join(path.posix.dirname(file), specifier);
    const target = Object.keys(projects).find(
      (name) => name !== source && (resolved === projects[name].data.root || resolved.startsWith(`${projects[name].data.root}/`)),
    );
    if (target) out.push(`${file}: imports ${specifier} by a relative path into ${target}; use the package name [no-relative-import-across-projects]`);
  }
  return out;
}
