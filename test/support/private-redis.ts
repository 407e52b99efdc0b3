import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../apps/api/src/infra/free-port.js';
import { redisAnswers } from '../../apps/api/src/infra/probe.js';

/**
 * A redis-server of one test's own on a free port, which the test may stop, stall (SIGSTOP) and
 * bring back on the same address. Never the shared one: other test files use that.
 */
export interface PrivateRedis {
  readonly url: string;
  /** Freezes the process: connections stay open, nothing answers (a stalled Redis). */
  stall(): void;
  resume(): void;
  stop(): Promise<void>;
  /** Starts it again on the same port (empty: it keeps nothing on disk). */
  restart(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    for (let tries = 0; !(await redisAnswers(url, 200)); tries++) {
      if (tries > 50) throw new Error(`private redis-server on ${port} did not answer`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const stop = () =>
    new Promise<void>((resolve) => {
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
