import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PRESENTER = path.join(ROOT, 'apps/api/src/modules/outbox/message.presenter.ts');
const PROBE_DIR = path.join(ROOT, '.data', `contract-probe-${process.pid}`);

/**
 * Typechecks a copy of the message presenter, changed as a careless edit would change it, against
 * the generated contract types: a presenter that drops or renames a field must not compile.
 */
function typecheckPresenter(edit: (source: string) => string): { ok: boolean; output: string } {
  mkdirSync(PROBE_DIR, { recursive: true });
  const source = readFileSync(PRESENTER, 'utf8').replace(
    /from '(\.{1,2}\/[^']+)'/g,
    (_, rel: string) => `from '${path.resolve(path.dirname(PRESENTER), rel)}'`,
  );
  writeFileSync(path.join(PROBE_DIR, 'presenter.ts'), edit(source));
  writeFileSync(
    path.join(PROBE_DIR, 'tsconfig.json'),
    JSON.stringify({
      extends: path.join(ROOT, 'tsconfig.base.json'),
      compilerOptions: { noEmit: true, composite: false, declaration: false, customConditions: ['@sendbook/source'] },
      files: ['presenter.ts'],
    }),
  );
  const result = spawnSync(path.join(ROOT, 'node_modules/.bin/tsc'), ['-p', PROBE_DIR], { encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

describe('presenters are typed by the generated contract', () => {
  afterAll(() => rmSync(PROBE_DIR, { recursive: true, force: true }));

  it('the presenter as it is compiles', () => {
    expect(typecheckPresenter((s) => s)).toEqual({ ok: true, output: '' });
  });

  it('dropping a field fails the typecheck', () => {
    const { ok, output } = typecheckPresenter((s) => s.replace(/^\s*wamid: m\.wamid,\n/m, ''));
    expect(ok).toBe(false);
    expect(output).toMatch(/Property 'wamid' is missing/);
  });

  it('renaming a field fails the typecheck', () => {
    const { ok, output } = typecheckPresenter((s) => s.replace('wamid: m.wamid,', 'wa_mid: m.wamid,'));
    expect(ok).toBe(false);
    expect(output).toMatch(/'wa_mid' does not exist in type/);
  });
});
