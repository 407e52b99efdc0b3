// Small helpers shared by the workspace scripts (npm start, npm test, npm run bench).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Environment every child gets: no telemetry, no Nx Cloud, no Nx daemon, and Nx plugins loaded in
 * the Nx process itself (isolating them in worker processes costs about 2 s per Nx command here).
 */
export const QUIET_ENV = { NEXT_TELEMETRY_DISABLED: '1', NX_NO_CLOUD: 'true', NX_DAEMON: 'false', NX_ISOLATE_PLUGINS: 'false' };

/** Runs a command to completion, inheriting stdio; returns its exit code. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...QUIET_ENV, ...options.env } });
  return result.status ?? 1;
}

export function mustRun(label, command, args, options) {
  const started = Date.now();
  const code = run(command, args, options);
  if (code !== 0) {
    console.error(`✗ ${label} failed (exit ${code})`);
    process.exit(code);
  }
  console.log(`✓ ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export function ensureDependencies() {
  const lock = path.join(ROOT, 'package-lock.json');
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const fresh = existsSync(marker) && (!existsSync(lock) || statSync(marker).mtimeMs >= statSync(lock).mtimeMs);
  if (fresh) return;
  console.log('Installing dependencies (first run)…');
  mustRun('npm install', 'npm', [existsSync(lock) ? 'ci' : 'install', '--no-audit', '--no-fund']);
}

export function spawnChild(command, args, options = {}) {
  return spawn(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...QUIET_ENV, ...options.env } });
}
