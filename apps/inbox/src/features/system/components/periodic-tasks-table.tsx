import type { BackgroundWork } from '@sendbook/api-contract';
import { Time } from '@/components/time';
import { Badge } from '@/components/ui/badge';
import { Table, Td, Th } from '@/components/ui/table';
import { everyWords, looksStalled } from '../every';
import { Prose } from './prose';
import styles from './system.module.css';

type Task = BackgroundWork['periodic'][number];

/** Each periodic task with its latest run in any process: when, how long, and whether it failed. */
export function PeriodicTasksTable({ tasks, now }: { tasks: readonly Task[]; now: number }) {
  return (
    <Table label="Periodic tasks">
      <thead>
        <tr>
          <Th>Task</Th>
          <Th>Runs in</Th>
          <Th>How often</Th>
          <Th>Latest run</Th>
          <Th numeric>Runs</Th>
          <Th numeric>Failures</Th>
        </tr>
      </thead>
      <tbody>
        {tasks.map((task) => (
          <tr key={task.name}>
            <Td wrap>
              <span className={styles.primary}>{task.name}</span>
              <span className={styles.secondary}>
                <Prose text={task.what} />
              </span>
            </Td>
            <Td>{task.runs_in.join(', ')}</Td>
            <Td>
              {everyWords(task.every_ms)}
              {task.at_start ? <span className={styles.secondary}>and at start</span> : null}
            </Td>
            <Td>
              <LatestRun task={task} now={now} />
            </Td>
            <Td numeric>{task.last_run?.runs ?? 0}</Td>
            <Td numeric>{task.last_run?.failures ?? 0}</Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function LatestRun({ task, now }: { task: Task; now: number }) {
  const run = task.last_run;
  if (!run) return <span className={styles.secondary}>{task.every_ms === null ? 'not needed yet' : 'none recorded yet'}</span>;
  const stalled = looksStalled(task.every_ms, run.started_at, now);
  return (
    <>
      <span className={styles.runLine}>
        <Badge tone={!run.ok ? 'danger' : stalled ? 'warning' : 'success'} dot>
          {!run.ok ? 'Failed' : stalled ? 'Overdue' : 'OK'}
        </Badge>
        <Time past at={run.started_at} />
        <span className={styles.secondary}>{run.duration_ms} ms</span>
      </span>
      {run.error ? <span className={styles.error}>{run.error}</span> : null}
    </>
  );
}
