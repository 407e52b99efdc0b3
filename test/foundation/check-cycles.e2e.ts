import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// tools/check-cycles.mjs finds what oxlint's import/no-cycle does not: two folders that import
// each other through different files. Run on fixture trees, then on this repository.
const TOOL = path.resolve('tools/check-cycles.mjs');

function check(root?: string) {
  const result = spawnSync(process.execPath, [TOOL, ...(root ? ['--root', root] : [])], { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('tools/check-cycles.mjs', () => {
  const made: string[] = [];
  afterAll(() => made.forEach((root) => rmSync(root, { recursive: true, force: true })));

  function tree(files: Record<string, string>): string {
    const root = mkdtempSync(path.join(tmpdir(), 'sendbook-cycles-'));
    made.push(root);
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    return root;
  }

  const api = 'apps/api/src';

  it('passes on this repository', () => {
    expect(check()).toEqual({ status: 0, output: '' });
  });

  it('passes when the imports between folders go one way', () => {
    const root = tree({
      [`${api}/modules/outbox/outbox.service.ts`]: `import { clock } from '../../common/clock.js';\nexport const send = () => clock;\n`,
      [`${api}/modules/conversations/reply.service.ts`]: `import { send } from '../outbox/outbox.service.js';\nimport type { Port } from '../outbox/ports.js';\nexport const reply = send;\nexport type P = Port;\n`,
      [`${api}/modules/outbox/ports.ts`]: `export interface Port { x: number }\n`,
      [`${api}/common/clock.ts`]: `export const clock = 1;\n`,
    });
    expect(check(root)).toEqual({ status: 0, output: '' });
  });

  it('fails on two feature folders that import each other through different files (no file cycle)', () => {
    const root = tree({
      [`${api}/modules/outbox/sender.ts`]: `import { gate } from '../conversations/gate.js';\nexport const send = () => gate;\n`,
      [`${api}/modules/conversations/reply.ts`]: `import { send } from '../outbox/sender.js';\nexport const reply = send;\n`,
      [`${api}/modules/conversations/gate.ts`]: `export const gate = 1;\n`,
    });
    const result = check(root);
    expect(result.status).toBe(1);
    expect(result.output).toContain('folder cycle: apps/api/src/modules/conversations -> apps/api/src/modules/outbox -> apps/api/src/modules/conversations');
    expect(result.output).toContain('apps/api/src/modules/outbox/sender.ts imports apps/api/src/modules/conversations/gate.ts');
    expect(result.output).not.toContain('file cycle');
  });

  it('fails on a cycle through a common folder and on a cycle of three folders', () => {
    const root = tree({
      [`${api}/common/auth/guard.ts`]: `import { ApiKeys } from '../../modules/api-keys/keys.js';\nexport class Guard { constructor(readonly keys: ApiKeys) {} }\n`,
      [`${api}/modules/api-keys/keys.ts`]: `export class ApiKeys {}\n`,
      [`${api}/modules/api-keys/keys.module.ts`]: `import { Guard } from '../../common/auth/guard.js';\nexport const providers = [Guard];\n`,
      [`${api}/modules/a/a.ts`]: `import { b } from '../b/b.js';\nexport const a = b;\n`,
      [`${api}/modules/b/b.ts`]: `import { c } from '../c/c.js';\nexport const b = c;\n`,
      [`${api}/modules/c/c.ts`]: `import { x } from '../a/x.js';\nexport const c = x;\n`,
      [`${api}/modules/a/x.ts`]: `export const x = 1;\n`,
    });
    const result = check(root);
    expect(result.status).toBe(1);
    expect(result.output).toContain('folder cycle: apps/api/src/common/auth -> apps/api/src/modules/api-keys -> apps/api/src/common/auth');
    expect(result.output).toContain('folder cycle: apps/api/src/modules/a -> apps/api/src/modules/b -> apps/api/src/modules/c -> apps/api/src/modules/a');
  });

  it('fails on a file cycle of type imports only, in a lib and in the simulator too', () => {
    const root = tree({
      [`${api}/modules/outbox/a.ts`]: `import type {\n  B,\n} from './b.js';\nexport interface A { b?: B }\n`,
      [`${api}/modules/outbox/b.ts`]: `import type { A } from './a.js';\nexport interface B { a?: A }\n`,
      'libs/queue/src/x.ts': `export * from './y.js';\nexport const x = 1;\n`,
      'libs/queue/src/y.ts': `import { x } from './x.js';\nexport const y = x;\n`,
      'apps/simulator/src/p.ts': `export const p = async () => import('./q.js');\n`,
      'apps/simulator/src/q.ts': `import { p } from './p.js';\nexport const q = p;\n`,
    });
    const result = check(root);
    expect(result.status).toBe(1);
    expect(result.output).toContain('file cycle: apps/api/src/modules/outbox/a.ts -> apps/api/src/modules/outbox/b.ts -> apps/api/src/modules/outbox/a.ts');
    expect(result.output).toContain('file cycle: libs/queue/src/x.ts -> libs/queue/src/y.ts -> libs/queue/src/x.ts');
    expect(result.output).toContain('file cycle: apps/simulator/src/p.ts -> apps/simulator/src/q.ts -> apps/simulator/src/p.ts');
  });

  it('finds a cycle between projects imported by package name', () => {
    const root = tree({
      'libs/queue/package.json': JSON.stringify({
        name: '@sendbook/queue',
        exports: { '.': { '@sendbook/source': './src/index.ts', default: './dist/index.js' } },
      }),
      'libs/queue/src/index.ts': `import { w } from '@sendbook/whatsapp';\nexport const q = w;\n`,
      'libs/whatsapp/package.json': JSON.stringify({
        name: '@sendbook/whatsapp',
        exports: { '.': { '@sendbook/source': './src/index.ts', default: './dist/index.js' } },
      }),
      'libs/whatsapp/src/index.ts': `import { q } from '@sendbook/queue';\nexport const w = q;\n`,
    });
    const result = check(root);
    expect(result.status).toBe(1);
    expect(result.output).toContain('file cycle: libs/queue/src/index.ts -> libs/whatsapp/src/index.ts -> libs/queue/src/index.ts');
  });

  it('reads no import from comments, strings, template literals or regular expressions', () => {
    const root = tree({
      [`${api}/modules/a/a.ts`]: [
        `// import { b } from '../b/b.js';`,
        `/* import { b } from '../b/b.js'; */`,
        `const s = "import { b } from '../b/b.js'";`,
        'const t = `import { b } from \'../b/b.js\' ${"}"}`;',
        `const r = /import '..\\/b\\/b.js'/;`,
        `export const a = [s, t, r];`,
      ].join('\n'),
      [`${api}/modules/b/b.ts`]: `import { a } from '../a/a.js';\nexport const b = a;\n`,
    });
    expect(check(root)).toEqual({ status: 0, output: '' });
  });
});
