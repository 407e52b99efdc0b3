import { readFileSync } from 'node:fs';
import path from 'node:path';
import { withBackgroundWorkTable } from './background-work-table.js';
import { JOBS, PERIODIC_TASKS } from './background-work.js';
import { parseJob } from './parse-job.js';

describe('background work, declared once', () => {
  it('docs/ARCHITECTURE.md shows the table the declarations make (npm run docs:jobs)', () => {
    const document = readFileSync(path.join(process.cwd(), 'docs/ARCHITECTURE.md'), 'utf8');
    expect(withBackgroundWorkTable(document)).toBe(document);
  });

  it('every periodic task says what it does, who runs it and how often', () => {
    for (const [name, spec] of Object.entries(PERIODIC_TASKS)) {
      expect({ name, what: spec.what.length > 10, runsIn: spec.runsIn.length > 0 }).toEqual({ name, what: true, runsIn: true });
    }
  });

  it('a job reaches its handler only with the payload it declares', () => {
    const id = '0190a4c2-5f7e-7c3a-9b1d-2e4f6a8b0c1d';
    expect(parseJob('outbound', 'send', { messageId: id })).toEqual({ messageId: id });
    expect(parseJob('outbound', 'send-batch', { messageIds: [id, id] })).toEqual({ messageIds: [id, id] });
    expect(parseJob('webhooks', 'process', { deliveryId: id })).toEqual({ deliveryId: id });
    expect(() => parseJob('outbound', 'send', { messageId: 'row 1' })).toThrow('job outbound/send: messageId must be a row id');
    expect(() => parseJob('outbound', 'send-batch', { messageIds: [] })).toThrow('job outbound/send-batch: messageIds must be one or more row ids');
    expect(() => parseJob('webhooks', 'replay', { deliveryId: id })).toThrow('job webhooks/replay is not declared in background-work.ts');
    expect(Object.keys(JOBS.outbound)).toEqual(['send', 'send-batch']);
  });
});
