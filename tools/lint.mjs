// `npm run lint`, and the lint step of `npm test`: the one definition of what "lint" means here.
// 1. Each Nx project's `lint` target (oxlint on the project, cached by Nx; see tools/nx-plugin.mjs).
// 2. oxlint on the workspace files that belong to no project (tools/, test/, bench/, root configs).
// 3. The module-boundary check on Nx's project graph (tools/check-boundaries.mjs).
// 4. Import cycles between files and between the API's module folders (tools/check-cycles.mjs),
//    which oxlint's import/no-cycle cannot see.
// 5. Formatting: Prettier (.prettierrc.json) over every source file; `npm run format` fixes it.
import { ensureDependencies, mustRun } from './run.mjs';

// The binaries themselves, not `npx`, which would add about half a second to each.
const bin = (name) => `node_modules/.bin/${name}`;

ensureDependencies();
mustRun('lint projects (nx run-many -t lint)', bin('nx'), ['run-many', '--targets=lint', '--outputStyle=static']);
// Projects are exactly the npm workspaces, apps/* and libs/*; step 1 covered them.
mustRun('lint workspace files', bin('oxlint'), ['--deny-warnings', '--ignore-pattern', 'apps/**', '--ignore-pattern', 'libs/**', '.']);
mustRun('module boundaries', 'node', ['tools/check-boundaries.mjs']);
mustRun('import cycles', 'node', ['tools/check-cycles.mjs']);
mustRun('formatting (prettier --check)', bin('prettier'), ['--check', '--log-level', 'warn', '.']);
