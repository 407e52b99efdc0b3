import { aheadOfFresh, bullPriority, MAX_ROWS_PER_JOB, outboundJobs } from './outbound-jobs.js';

const NOW = Date.parse('2026-12-03T12:00:00Z');
const row = (id: string, { inMs = 0, priority = 0 } = {}) => ({ id, notBefore: new Date(NOW + inMs), priority });
let n = 0;
const batchId = () => `b${++n}`;

describe('outboundJobs', () => {
  beforeEach(() => (n = 0));

  it('gives rows due now one job per priority, each still its own id within it', () => {
    const jobs = outboundJobs([row('a'), row('b', { priority: 5 }), row('c'), row('d', { priority: 5 })], NOW, batchId);
    expect(jobs).toEqual([
      {
        name: 'send-batch',
        data: { messageIds: ['a', 'c'] },
        opts: { jobId: 'batch-b1', priority: bullPriority(0), removeOnComplete: true, removeOnFail: true },
      },
      {
        name: 'send-batch',
        data: { messageIds: ['b', 'd'] },
        opts: { jobId: 'batch-b2', priority: bullPriority(5), removeOnComplete: true, removeOnFail: true },
      },
    ]);
  });

  it('gives a row due later its own delayed job with id = row id, and a row alone in its priority its own job', () => {
    const jobs = outboundJobs([row('later', { inMs: 1500 }), row('alone', { priority: 9 })], NOW, batchId);
    expect(jobs).toEqual([
      { name: 'send', data: { messageId: 'alone' }, opts: { jobId: 'alone', delay: 0, priority: bullPriority(9), removeOnComplete: true, removeOnFail: true } },
      {
        name: 'send',
        data: { messageId: 'later' },
        opts: { jobId: 'later', delay: 1500, priority: bullPriority(0), removeOnComplete: true, removeOnFail: true },
      },
    ]);
  });

  it(`puts at most ${MAX_ROWS_PER_JOB} rows in a job, and every row in exactly one job`, () => {
    const ids = Array.from({ length: MAX_ROWS_PER_JOB * 2 + 1 }, (_, i) => `r${i}`);
    const jobs = outboundJobs(
      ids.map((id) => row(id)),
      NOW,
      batchId,
    );
    expect(jobs.map((j) => ('messageIds' in j.data ? j.data.messageIds.length : 1))).toEqual([MAX_ROWS_PER_JOB, MAX_ROWS_PER_JOB, 1]);
    expect(jobs.flatMap((j) => ('messageIds' in j.data ? j.data.messageIds : [j.data.messageId]))).toEqual(ids);
  });

  it('has no job ids with a colon (BullMQ refuses them) and no empty jobs', () => {
    expect(outboundJobs([], NOW, batchId)).toEqual([]);
    const jobs = outboundJobs([row('x'), row('y')], NOW, () => 'f47ac10b-58cc-4372-a567-0e02b2c3d479');
    expect(jobs.every((j) => !String(j.opts.jobId).includes(':'))).toBe(true);
  });
});

describe('priorities', () => {
  it('a higher row priority is a lower BullMQ number, and a waiter goes just ahead of fresh jobs of its priority', () => {
    expect(bullPriority(10)).toBeLessThan(bullPriority(0));
    expect(aheadOfFresh(bullPriority(0))).toBe(bullPriority(0) - 1);
    expect(aheadOfFresh(bullPriority(0))).toBeGreaterThan(bullPriority(1));
    expect(aheadOfFresh(aheadOfFresh(bullPriority(0)))).toBe(aheadOfFresh(bullPriority(0)));
  });
});
