import { JsonLogger } from './logging/json-logger.js';
import { PeriodicTasks } from './periodic-tasks.js';

describe('PeriodicTasks', () => {
  it('runs a task once at a time and logs a failure instead of throwing', async () => {
    const lines: string[] = [];
    const tasks = new PeriodicTasks(new JsonLogger('warn', (line) => lines.push(line)));
    let release!: () => void;
    let runs = 0;
    const slow = () => {
      runs += 1;
      return new Promise<void>((resolve) => (release = resolve));
    };
    const first = tasks.runOnce('sweep', slow);
    await tasks.runOnce('sweep', slow); // skipped: the first run is still going
    release();
    await first;
    expect(runs).toBe(1);

    await tasks.runOnce('purge', () => Promise.reject(new Error('database away')));
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'warn', msg: 'purge.failed', error: { message: 'database away' } });
    tasks.stopAll();
  });
});
