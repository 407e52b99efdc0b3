// The workspace's Nx plugin (listed in nx.json). It does two things:
//
// 1. Gives every project under apps/ and libs/ a cached `lint` target (oxlint on the project root).
//    Names and tags come from each package.json's `nx` field.
// 2. Adds the dependencies between projects, and from projects to npm packages, that their source
//    files import. Nx's own import analysis resolves package names through the TypeScript JS API
//    (`readConfigFile`, `resolveModuleName`), which TypeScript 7 no longer ships, so without this
//    plugin Nx 24 sees no dependencies here at all. Imports are read by Nx's own parser
//    (`findImports`, the one its JS analysis uses), so comments and strings are never mistaken for imports.
import { readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { findImports } from 'nx/src/native/index.js';

const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

export const name = 'sendbook';

export const createNodes = [
  '{apps,libs}/*/package.json',
  (files) =>
    files.map((file) => {
      const root = path.posix.dirname(file);
      return [
        file,
        {
          projects: {
            [root]: {
              targets: {
                lint: {
                  executor: 'nx:run-commands',
                  options: { command: `oxlint --deny-warnings ${root}` },
                  cache: true,
                  inputs: ['{projectRoot}/**/*', '{workspaceRoot}/.oxlintrc.json', { externalDependencies: ['oxlint'] }],
                  outputs: [],
                  metadata: { description: 'oxlint on this project, warnings fail' },
                },
              },
            },
          },
        },
      ];
    }),
];

/** @type {import('nx/src/project-graph/plugins/public-api').CreateDependencies} */
export function createDependencies(_options, context) {
  const { projects, externalNodes, filesToProcess, workspaceRoot } = context;
  const roots = Object.entries(projects)
    .map(([projectName, project]) => ({ name: projectName, root: project.root }))
    .sort((a, b) => b.root.length - a.root.length);
  const byPackage = new Map(Object.keys(projects).map((projectName) => [packageName(workspaceRoot, projects[projectName]) ?? projectName, projectName]));

  const toParse = {};
  for (const [projectName, files] of Object.entries(filesToProcess.projectFileMap)) {
    const sources = files.filter(({ file }) => SOURCE.test(file) && !file.endsWith('.d.ts'));
    if (sources.length > 0) toParse[projectName] = sources.map(({ file }) => path.join(workspaceRoot, file));
  }

  const dependencies = [];
  for (const { sourceProject, file, staticImportExpressions, dynamicImportExpressions } of findImports(toParse)) {
    const sourceFile = path.relative(workspaceRoot, file).split(path.sep).join('/');
    for (const [type, specifiers] of [
      ['static', staticImportExpressions],
      ['dynamic', dynamicImportExpressions],
    ]) {
      for (const specifier of specifiers) {
        const target = resolve(specifier, sourceFile);
        if (target && target !== sourceProject) dependencies.push({ source: sourceProject, target, sourceFile, type });
      }
    }
  }
  return dependencies;

  function resolve(specifier, sourceFile) {
    if (specifier.startsWith('.')) {
      const resolved = path.posix.join(path.posix.dirname(sourceFile), specifier);
      return roots.find(({ root }) => resolved === root || resolved.startsWith(`${root}/`))?.name;
    }
    if (specifier.startsWith('node:') || isBuiltin(specifier)) return undefined;
    const parts = specifier.split('/');
    const pkg = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
    if (byPackage.has(pkg)) return byPackage.get(pkg);
    return externalNodes[`npm:${pkg}`] ? `npm:${pkg}` : undefined;
  }
}

function packageName(workspaceRoot, project) {
  const fromMetadata = project.metadata?.js?.packageName;
  if (fromMetadata) return fromMetadata;
  try {
    return JSON.parse(readFileSync(path.join(workspaceRoot, project.root, 'package.json'), 'utf8')).name;
  } catch {
    return undefined;
  }
}
