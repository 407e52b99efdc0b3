import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The module-boundary check (tools/check-boundaries.mjs) reads projects, tags and dependencies from
// Nx's project graph. Here it runs on a copy of this repository into which code that breaks each
// rule has been written, and on the repository itself.
const ROOT = path.resolve('.');
const CHECKER = path.join(ROOT, 'tools/check-boundaries.mjs');
const SKIP = new Set(['node_modules', 'dist', '.next', '.data', '.nx', '.git', 'coverage']);

function check(root?: string) {
  const result = spawnSync(process.execPath, root ? [CHECKER, root] : [CHECKER], { cwd: ROOT, encoding: 'utf8', timeout: 50_000 });
  return { status: result.status, lines: `${result.stdout}${result.stderr}`.split('\n') };
}

function write(root: string, file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

describe('module boundaries (tools/check-boundaries.mjs on the Nx project graph)', () => {
  let copy: string;

  beforeAll(() => {
    copy = mkdtempSync(path.join(os.tmpdir(), 'sendbook-boundaries-'));
    cpSync(ROOT, copy, { recursive: true, filter: (source) => !SKIP.has(path.basename(source)) });
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
    // The inbox reaching for server code, every way it could.
    write(
      copy,
      'apps/inbox/src/leak.ts',
      [
        "import type { AppModule } from '@sendbook/api';",
        "import { transition } from '@sendbook/queue';",
        "import { Injectable } from '@nestjs/common';",
        "import { bootstrap } from '../../api/src/main.js';",
        'export const leaked = [transition, Injectable, bootstrap] as unknown as AppModule;',
        '',
      ].join('\n'),
    );
    // What the inbox may import: the API contract (scope:contract), once that project exists.
    if (!existsSync(path.join(copy, 'libs/api-contract'))) {
      write(
        copy,
        'libs/api-contract/package.json',
        JSON.stringify({ name: '@sendbook/api-contract', version: '0.1.0', private: true, type: 'module', nx: { tags: ['type:lib', 'scope:contract'] } }),
      );
      write(copy, 'libs/api-contract/src/index.ts', 'export type Message = { id: string };\n');
    }
    write(copy, 'apps/inbox/src/allowed.ts', "import type { Message } from '@sendbook/api-contract';\nexport type Shown = Message;\n");
    // A domain lib reaching for a framework and an app.
    write(
      copy,
      'libs/whatsapp/src/leak.ts',
      "import { Entity } from 'typeorm';\nimport { startSimulator } from '@sendbook/simulator';\nexport const leaked = [Entity, startSimulator];\n",
    );
    // The published client reaching for a workspace project and an undeclared package; its specs
    // (not shipped) may use dev dependencies.
    write(
      copy,
      'libs/client/src/leak.ts',
      "import { transition } from '@sendbook/queue';\nimport { Redis } from 'ioredis';\nexport const leaked = [transition, Redis];\n",
    );
    write(copy, 'libs/client/src/allowed.spec.ts', "import { Webhook } from 'standardwebhooks';\nexport const oracle = Webhook;\n");
    // A project nobody tagged.
    write(copy, 'libs/untagged/package.json', JSON.stringify({ name: '@sendbook/untagged', version: '0.1.0', private: true, type: 'module' }));
    write(copy, 'libs/untagged/src/index.ts', 'export const x = 1;\n');
  });

  afterAll(() => {
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  it('fails on the copy, naming each file, what it imports and the rule it breaks', () => {
    const { status, lines } = check(copy);
    expect(status).toBe(1);
    const reported = (file: string, mention: string, rule: string) =>
      lines.some((line) => line.startsWith(`${file}: `) && line.includes(mention) && line.endsWith(`[${rule}]`));

    expect(reported('apps/inbox/src/leak.ts', '@sendbook/api;', 'inbox-contract-only')).toBe(true);
    expect(reported('apps/inbox/src/leak.ts', '@sendbook/queue;', 'inbox-contract-only')).toBe(true);
    expect(reported('apps/inbox/src/leak.ts', '@nestjs/common', 'inbox-no-server-packages')).toBe(true);
    expect(reported('apps/inbox/src/leak.ts', '../../api/src/main.js', 'no-relative-import-across-projects')).toBe(true);
    expect(reported('libs/whatsapp/src/leak.ts', 'typeorm', 'domain-no-framework')).toBe(true);
    expect(reported('libs/whatsapp/src/leak.ts', '@sendbook/simulator', 'domain-no-app')).toBe(true);
    expect(reported('libs/untagged/package.json', '@sendbook/untagged', 'project-has-scope')).toBe(true);
    expect(reported('libs/client/src/leak.ts', '@sendbook/queue;', 'client-standalone')).toBe(true);
    expect(reported('libs/client/src/leak.ts', 'ioredis, which libs/client/package.json', 'client-standalone')).toBe(true);
    // The contract is the inbox's one allowed workspace import; nothing else in the copy is reported.
    expect(lines.filter((line) => line.includes('allowed.ts') || line.includes('allowed.spec.ts'))).toEqual([]);
    expect(lines.filter((line) => /\[[a-z-]+\]$/.test(line))).toHaveLength(9);
  });

  it('passes on the repository itself', () => {
    const { status, lines } = check();
    expect(lines.filter((line) => /\[[a-z-]+\]$/.test(line))).toEqual([]);
    expect(status).toBe(0);
  });
});
