// Import cycles between files and between module folders. oxlint's import/no-cycle (on in
// .oxlintrc.json) finds cycles between files only: two feature folders that import each other
// through different files, which is what breaks a module boundary, pass it.
//
// `node tools/check-cycles.mjs [--root <dir>]` builds the import graph of apps/api/src,
// apps/simulator/src and libs/*/src under the root (default: this repository) and fails when
// - a file reaches itself through imports (value and type imports alike: `import type` still
//   ties the two files' designs together), or
// - a folder of the API reaches itself: `modules/<feature>` and `common/<x>` are the units its
//   layering is made of. Only direct imports between units count, so the entity list in
//   `database/`, which imports every module's entities, does not join them all into one cycle.
// Specs are left out: nothing imports them, and their imports of test helpers are not the design.
// Workspace packages imported by name (`@sendbook/queue`) resolve to their sources, so a cycle
// between projects is found too. Prints every cycle and exits 1; prints nothing and exits 0 otherwise.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SKIP_DIRS = new Set(['node_modules', 'dist', '.next', '.data', '.git', '.nx', 'fixtures']);
const SOURCE = /\.(ts|tsx|mts|cts)$/;

const argv = process.argv.slice(2);
const rootAt = argv.indexOf('--root');
const ROOT = rootAt >= 0 ? path.resolve(argv[rootAt + 1] ?? '.') : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Each source root, and how its files group into folder units (null: the file belongs to none). */
const roots = [
  {
    dir: path.join(ROOT, 'apps/api/src'),
    unit: (local) => (/^(modules|common)\/[^/]+/.test(local) ? local.split('/').slice(0, 2).join('/').replace(SOURCE, '') : null),
  },
  { dir: path.join(ROOT, 'apps/simulator/src'), unit: () => null },
  ...listDirs(path.join(ROOT, 'libs')).map((lib) => ({ dir: path.join(ROOT, 'libs', lib, 'src'), unit: () => null })),
].filter((r) => existsSync(r.dir));

const packages = workspacePackages();
const files = roots.flatMap((r) => [...walk(r.dir)]);
const known = new Set(files);

/** file → files it imports (within the scanned roots). */
const graph = new Map(
  files.map((file) => [
    file,
    [
      ...new Set(
        importsOf(file)
          .map((spec) => resolve(file, spec))
          .filter((t) => t && known.has(t) && t !== file),
      ),
    ],
  ]),
);

const problems = [];
for (const cycle of cyclesOf(graph)) problems.push(`file cycle: ${cycle.map(rel).join(' -> ')}`);

/** unit → unit → one import that makes the edge, for the report. */
const unitOf = new Map();
for (const r of roots) for (const file of files) if (file.startsWith(r.dir + path.sep)) unitOf.set(file, unitName(r, file));
const unitEdges = new Map();
for (const [file, targets] of graph) {
  const from = unitOf.get(file);
  if (!from) continue;
  for (const target of targets) {
    const to = unitOf.get(target);
    if (!to || to === from) continue;
    if (!unitEdges.has(from)) unitEdges.set(from, new Map());
    if (!unitEdges.get(from).has(to)) unitEdges.get(from).set(to, `${rel(file)} imports ${rel(target)}`);
  }
}
const unitGraph = new Map([...new Set(unitOf.values())].filter(Boolean).map((u) => [u, [...(unitEdges.get(u)?.keys() ?? [])]]));
for (const cycle of cyclesOf(unitGraph)) {
  const because = cycle.slice(0, -1).map((u, i) => `    ${unitEdges.get(u).get(cycle[i + 1])}`);
  problems.push(`folder cycle: ${cycle.join(' -> ')}\n${because.join('\n')}`);
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} import cycle(s)`);
  process.exit(1);
}

function unitName(r, file) {
  const local = path.relative(r.dir, file).split(path.sep).join('/');
  const unit = r.unit(local);
  return unit ? `${path.relative(ROOT, r.dir).split(path.sep).join('/')}/${unit}` : null;
}

function rel(file) {
  return path.relative(ROOT, file).split(path.sep).join('/');
}

function listDirs(dir) {
  return existsSync(dir) ? readdirSync(dir).filter((n) => statSync(path.join(dir, n)).isDirectory()) : [];
}

function* walk(dir) {
  for (const name of readdirSync(dir).sort()) {
    if (SKIP_DIRS.has(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else if (SOURCE.test(name) && !/\.d\.[mc]?ts$/.test(name) && !/\.(spec|test)\.[mc]?tsx?$/.test(name)) yield full;
  }
}

/** `@sendbook/<name>` (and its subpaths) → the source file its `@sendbook/source` export names. */
function workspacePackages() {
  const map = new Map();
  for (const group of ['apps', 'libs']) {
    for (const name of listDirs(path.join(ROOT, group))) {
      const manifest = path.join(ROOT, group, name, 'package.json');
      if (!existsSync(manifest)) continue;
      const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
      const exportsField = typeof pkg.exports === 'string' || pkg.exports?.['@sendbook/source'] ? { '.': pkg.exports } : (pkg.exports ?? {});
      for (const [sub, target] of Object.entries(exportsField)) {
        const source = typeof target === 'object' && target !== null ? target['@sendbook/source'] : null;
        if (typeof source === 'string') map.set(sub === '.' ? pkg.name : `${pkg.name}/${sub.replace(/^\.\//, '')}`, path.join(ROOT, group, name, source));
      }
    }
  }
  return map;
}

function resolve(from, spec) {
  if (packages.has(spec)) return packages.get(spec);
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  const stem = base.replace(/\.(js|jsx|mjs|cjs)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}.cts`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find((c) => known.has(c)) ?? null;
}

/**
 * Every module specifier a file names in `import … from`, `import '…'`, `export … from`,
 * `import type …` and `import('…')`. Comments, template literals and regular expressions are
 * skipped and string literals are read whole, so an import written inside a string is no import.
 */
function importsOf(file) {
  const source = readFileSync(file, 'utf8');
  const strings = [];
  let code = '';
  let last = '';
  for (let i = 0; i < source.length;) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      while (i < source.length && source[i] !== '\n') i += 1;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end < 0 ? source.length : end + 2;
      code += ' ';
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      let value = '';
      while (j < source.length && source[j] !== c && source[j] !== '\n') {
        if (source[j] === '\\') j += 1;
        value += source[j] ?? '';
        j += 1;
      }
      code += `"${strings.push(value) - 1}"`;
      i = j + 1;
      last = '"';
    } else if (c === '`') {
      i = skipTemplate(source, i + 1);
      code += '``';
      last = '`';
    } else if (
      c === '/' &&
      (last === '' || /[(,=:[!&|?{};+\-*%<>~^]/.test(last) || /\b(return|typeof|case|do|else|in|of|void|yield|await)$/.test(code.slice(-24).trimEnd()))
    ) {
      i = skipRegex(source, i + 1);
      code += '0';
      last = '0';
    } else {
      code += c;
      if (!/\s/.test(c)) last = c;
      i += 1;
    }
  }
  const specs = [];
  const statement = /(?:^|[^.\w$])(?:import|export)\s*(?:type\b\s*)?(?:[\w$*{}\s,]*?\bfrom\s*)?"(\d+)"/g;
  const dynamic = /(?:^|[^.\w$])import\s*\(\s*"(\d+)"/g;
  for (const m of code.matchAll(statement)) specs.push(strings[Number(m[1])]);
  for (const m of code.matchAll(dynamic)) specs.push(strings[Number(m[1])]);
  return specs;
}

/** Index just past the template literal whose body starts at `i` (nested `${…}` included). */
function skipTemplate(source, i) {
  while (i < source.length) {
    const c = source[i];
    if (c === '\\') i += 2;
    else if (c === '`') return i + 1;
    else if (c === '$' && source[i + 1] === '{') {
      let depth = 1;
      i += 2;
      while (i < source.length && depth > 0) {
        const d = source[i];
        if (d === '`') i = skipTemplate(source, i + 1);
        else if (d === "'" || d === '"') {
          i += 1;
          while (i < source.length && source[i] !== d) i += source[i] === '\\' ? 2 : 1;
          i += 1;
        } else {
          if (d === '{') depth += 1;
          if (d === '}') depth -= 1;
          i += 1;
        }
      }
    } else i += 1;
  }
  return i;
}

/** Index just past the regular expression literal whose body starts at `i`. */
function skipRegex(source, i) {
  let inClass = false;
  while (i < source.length && source[i] !== '\n') {
    const c = source[i];
    if (c === '\\') i += 2;
    else {
      if (c === '[') inClass = true;
      else if (c === ']') inClass = false;
      else if (c === '/' && !inClass) {
        i += 1;
        while (/[a-z]/i.test(source[i] ?? '')) i += 1;
        return i;
      }
      i += 1;
    }
  }
  return i;
}

/**
 * The cycles of a directed graph: for each strongly connected component with more than one node,
 * the shortest cycle through each of its nodes (duplicates dropped), as [a, b, …, a].
 */
function cyclesOf(g) {
  const cycles = new Map();
  for (const component of components(g)) {
    if (component.length < 2) continue;
    const inside = new Set(component);
    for (const start of component) {
      const cycle = shortestCycle(g, start, inside);
      if (!cycle) continue;
      const body = cycle.slice(0, -1);
      const first = body.indexOf([...body].sort()[0]);
      const canonical = [...body.slice(first), ...body.slice(0, first)];
      cycles.set(canonical.join('\0'), [...canonical, canonical[0]]);
    }
  }
  return [...cycles.values()];
}

function shortestCycle(g, start, inside) {
  const previous = new Map();
  const queue = [start];
  for (let head = 0; head < queue.length; head += 1) {
    const node = queue[head];
    for (const next of g.get(node) ?? []) {
      if (!inside.has(next)) continue;
      if (next === start) {
        const cycle = [start];
        for (let at = node; at !== start; at = previous.get(at)) cycle.splice(1, 0, at);
        return [...cycle, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return null;
}

/** Tarjan's strongly connected components, iteratively (deep import chains would overflow recursion). */
function components(g) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const result = [];
  for (const root of g.keys()) {
    if (indexOf.has(root)) continue;
    const work = [[root, 0]];
    indexOf.set(root, index);
    low.set(root, index);
    index += 1;
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, i] = frame;
      const edges = g.get(node) ?? [];
      if (i < edges.length) {
        frame[1] += 1;
        const next = edges[i];
        if (!indexOf.has(next)) {
          indexOf.set(next, index);
          low.set(next, index);
          index += 1;
          stack.push(next);
          onStack.add(next);
          work.push([next, 0]);
        } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), indexOf.get(next)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === indexOf.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        result.push(component);
      }
    }
  }
  return result;
}
