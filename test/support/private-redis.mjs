// A redis-server of one run's own on a free port, which the test or the chaos run may stop, stall
// (SIGSTOP) and bring back on the same address. Never the shared one: other test files use that.
// Plain ESM on the built API (like global-setup.mjs), so jest and `npm run chaos` share it.
import { spawn } from 'node:child_process';
import { freePort } from '../../apps/api/dist/infra/free-port.js';
import { redisAnswers } from '../../apps/api/dist/infra/probe.js';

export async function startPrivateRedis() {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    for (let tries = 0; !(await redisAnswers(url, 200)); tries++) {
      if (tries > 50) throw new Error(`private redis-server on ${port} did not answer`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGCONT');
      child.kill('SIGKILL');
    });
  await start();
  return {
    url,
    stall: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
    stop,
    restart: start,
  };
}
