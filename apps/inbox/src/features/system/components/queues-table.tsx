import type { BackgroundWork } from '@sendbook/api-contract';
import { Table, Td, Th } from '@/components/ui/table';
import { Prose } from './prose';
import styles from './system.module.css';

type Queue = BackgroundWork['queues'][number];

/** Each BullMQ queue with its jobs and how many wait, run, are delayed or failed. */
export function QueuesTable({ queues }: { queues: readonly Queue[] }) {
  return (
    <Table label="Queues">
      <thead>
        <tr>
          <Th>Queue</Th>
          <Th>Jobs</Th>
          <Th numeric>Waiting</Th>
          <Th numeric>Running</Th>
          <Th numeric>Delayed</Th>
          <Th numeric>Failed</Th>
        </tr>
      </thead>
      <tbody>
        {queues.map((queue) => (
          <tr key={queue.name}>
            <Td>
              <span className={styles.primary}>{queue.name}</span>
            </Td>
            <Td wrap>
              <ul className={styles.list}>
                {queue.jobs.map((job) => (
                  <li key={job.name}>
                    <span className={styles.primary}>{job.name}</span>
                    <span className={styles.secondary}>
                      <Prose text={job.what} />
                    </span>
                  </li>
                ))}
              </ul>
            </Td>
            {queue.counts ? (
              <>
                <Td numeric>{queue.counts.waiting + queue.counts.prioritized}</Td>
                <Td numeric>{queue.counts.active}</Td>
                <Td numeric>{queue.counts.delayed}</Td>
                <Td numeric>{queue.counts.failed}</Td>
              </>
            ) : (
              <Td colSpan={4} muted>
                Redis did not answer
              </Td>
            )}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
