// The API's processes in the chaos run: the built production entry (apps/api/dist/main.js), as
// `npm run serve` starts it, configured by the environment alone. Each can be SIGKILLed and started
// again under the same name, port and environment; its output goes to a log file of the run.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../run.mjs';

const MAIN = path.join(ROOT, 'apps/api/dist/main.js');

export function appProcesses({ env, logDir }) {
  const running = new Map();
  const specs = new Map();
  /** Exits nobody asked for; the process is started again, as a supervisor would. */
  const crashes = [];

  let stopping = false;
  const spawnOne = (name) => {
    const spec = specs.get(name);
    const log = createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
    const child = spawn(process.execPath, [MAIN], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, ...env, ROLE: spec.role, ...(spec.port ? { PORT: String(spec.port) } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    // main.ts logs `boot.ready` (at info) once it serves or works.
    child.ready = new Promise((resolve) => {
      let seen = '';
      const scan = (chunk) => {
        seen = (seen + chunk.toString()).slice(-4096);
        if (seen.includes('"msg":"boot.ready"')) {
          child.stdout.off('data', scan);
          resolve(true);
        }
      };
      child.stdout.on('data', scan);
      child.once('exit', () => resolve(false));
    });
    running.set(name, child);
    const startedAt = Date.now();
    child.once('exit', (code, signal) => {
      if (running.get(name) !== child || stopping) return;
      crashes.push({ name, at: Date.now(), upForMs: Date.now() - startedAt, code: code ?? signal });
      setTimeout(() => !stopping && running.get(name) === child && spawnOne(name), 500);
    });
    return child;
  };

  return {
    /** Starts `name` (ROLE=`role`, on `port` for an API process). */
    start(name, role, port = null) {
      specs.set(name, { role, port });
      return spawnOne(name);
    },
    restart: (name) => spawnOne(name),
    /** SIGKILL: no shutdown hooks, no goodbyes, as the kernel's OOM killer or a lost node would. */
    kill(name) {
      const child = running.get(name);
      running.delete(name);
      if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      });
    },
    /** Resolves true once `name` logged boot.ready, false if it exited first or `timeoutMs` passed. */
    ready(name, timeoutMs = 120_000) {
      const child = running.get(name);
      if (!child) return Promise.resolve(false);
      return Promise.race([child.ready, new Promise((resolve) => setTimeout(() => resolve(false), timeoutMs))]);
    },
    alive: (name) => {
      const child = running.get(name);
      return Boolean(child && child.exitCode === null && child.signalCode === null);
    },
    crashes: () => [...crashes],
    async stopAll() {
      stopping = true;
      await Promise.all([...running.keys()].map((name) => this.kill(name)));
    },
  };
}
