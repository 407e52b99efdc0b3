import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// @sendbook/client carries its own copy of the contract (libs/client/src/contract.ts, written by
// `npm run contract` through tools/client-contract.mjs). It must be what the API's committed
// contract generates, and the types built on it must refuse what the API refuses.
const ROOT = path.resolve(import.meta.dirname, '../..');
const GENERATOR = path.join(ROOT, 'tools/client-contract.mjs');
const PROBE_DIR = path.join(ROOT, '.data', `client-probe-${process.pid}`);

function generator(...args: string[]) {
  const result = spawnSync(process.execPath, [GENERATOR, ...args], { cwd: ROOT, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The API's contract, changed, written where `--document` can read it. */
function changedDocument(
  name: string,
  change: (document: {
    paths: Record<string, Record<string, unknown>>;
    components: { schemas: Record<string, { properties: Record<string, unknown> }> };
  }) => void,
) {
  const document = JSON.parse(readFileSync(path.join(ROOT, 'libs/api-contract/openapi.json'), 'utf8'));
  change(document);
  const file = path.join(PROBE_DIR, name);
  writeFileSync(file, JSON.stringify(document));
  return file;
}

/** Typechecks `source` as a program using @sendbook/client (its sources, by the package name). */
function typecheck(source: string, files: Record<string, string> = {}): { ok: boolean; output: string } {
  const dir = path.join(PROBE_DIR, `tsc-${Math.random().toString(36).slice(2)}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'probe.ts'), source);
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      extends: path.join(ROOT, 'tsconfig.base.json'),
      compilerOptions: { noEmit: true, composite: false, declaration: false, customConditions: ['@sendbook/source'] },
      files: ['probe.ts'],
    }),
  );
  const result = spawnSync(path.join(ROOT, 'node_modules/.bin/tsc'), ['-p', dir], { encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

const SEND = `import { SendbookClient } from '@sendbook/client';
const sendbook = new SendbookClient({ baseUrl: 'http://localhost:3001', apiKey: 'sk_dev_x' });
const payload = { type: 'text', text: { body: 'Shipped' } };
`;

describe('the client’s contract is the API’s', () => {
  beforeAll(() => mkdirSync(PROBE_DIR, { recursive: true }));
  afterAll(() => rmSync(PROBE_DIR, { recursive: true, force: true }));

  it('is what the committed API contract generates', () => {
    expect(generator('--check')).toEqual({ status: 0, output: '' });
  });

  it('fails the check, naming the command, when the API’s contract changes and the client’s is not regenerated', () => {
    const document = changedDocument('field-added.json', (d) => {
      d.components.schemas.Message!.properties.colour = { type: 'string' };
    });
    expect(generator('--check', '--document', document)).toEqual({
      status: 1,
      output:
        "The client's contract is out of date with the API's (libs/client/src/contract.ts differs from what libs/api-contract/openapi.json generates): run `npm run contract`.\n",
    });
  });

  it('refuses to generate when an operation the client calls is gone from the API', () => {
    const document = changedDocument('cancel-gone.json', (d) => {
      delete d.paths['/v1/messages/{id}/cancel'];
    });
    const { status, output } = generator('--check', '--document', document);
    expect(status).toBe(1);
    expect(output).toContain('@sendbook/client calls operations the API no longer has: cancelMessage (tools/client-contract.mjs)');
  });

  it('a send compiles with its dedupe_key and not without it; a reply not without its client_request_id', () => {
    expect(
      typecheck(`${SEND}void sendbook.messages.enqueue({ dedupe_key: 'order-1:shipped', to: '+972501234567', purpose: 'order_shipped', payload });\n`),
    ).toEqual({
      ok: true,
      output: '',
    });
    const noKey = typecheck(`${SEND}void sendbook.messages.enqueue({ to: '+972501234567', purpose: 'order_shipped', payload });\n`);
    expect(noKey.ok).toBe(false);
    expect(noKey.output).toMatch(/Property 'dedupe_key' is missing/);
    const batch = typecheck(`${SEND}void sendbook.messages.enqueueBatch([{ to: '+972501234567', purpose: 'order_shipped', payload }]);\n`);
    expect(batch.output).toMatch(/Property 'dedupe_key' is missing/);
    const reply = typecheck(`${SEND}void sendbook.conversations.reply('c-1', { text: 'hi' });\n`);
    expect(reply.output).toMatch(/Property 'client_request_id' is missing/);
  });

  it('an event type the contract gains and the client does not type fails the build', () => {
    const copy = path.join(PROBE_DIR, 'client-src');
    cpSync(path.join(ROOT, 'libs/client/src'), copy, { recursive: true, filter: (file) => !file.endsWith('.spec.ts') });
    const contract = path.join(copy, 'contract.ts');
    writeFileSync(contract, readFileSync(contract, 'utf8').replace('export const EVENT_TYPES = [', 'export const EVENT_TYPES = ["message.exploded", '));
    const { ok, output } = typecheck(`export * from '${path.join(copy, 'index.js')}';\n`);
    expect(ok).toBe(false);
    expect(output).toMatch(/events\.ts.*cannot be used to index type 'EventDataByType'/);
  });
});
