import type { QueueName } from '@sendbook/queue';
import { UnrecoverableError } from 'bullmq';
import { JOBS, type JobPayload } from './background-work.js';

/**
 * A job's payload, checked against its declaration before a handler sees it. An unknown name or a
 * bad payload fails the job for good (no retry would mend it); the rows it may name are still found
 * by the sweeps, because PostgreSQL, not the job, says what is to do.
 */
export function parseJob<Q extends QueueName>(queue: Q, name: string, data: unknown): JobPayload<Q> {
  const jobs = JOBS[queue] as Record<string, { parse: (data: unknown) => unknown }>;
  if (!Object.hasOwn(jobs, name)) throw new UnrecoverableError(`job ${queue}/${name} is not declared in background-work.ts`);
  const parsed = jobs[name]!.parse(data);
  if (typeof parsed === 'object' && parsed !== null && 'invalid' in parsed) throw new UnrecoverableError(`job ${queue}/${name}: ${String(parsed.invalid)}`);
  return parsed as JobPayload<Q>;
}
