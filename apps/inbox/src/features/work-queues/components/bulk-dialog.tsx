'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { DialogContent, DialogRoot } from '@/components/ui/dialog';
import { SelectField, TextArea } from '@/components/ui/field';
import { toProblem } from '@/lib/api';
import { problemDetail } from '@/lib/problem';
import { BULK_ACTIONS, bulkSummary, bulkTooWide, workAction, type WorkAction } from '@/lib/work-actions';
import { apiFilters, type WorkFilters } from '@/lib/work-filters';
import type { WorkKind } from '@/lib/work-kinds';
import { useBulkCount, type BulkCount } from '@/features/work-queues/hooks/use-bulk-count';
import { useBulkRun } from '@/features/work-queues/hooks/use-bulk-run';
import styles from './work-queue.module.css';

/**
 * One action on every open item the filters select: a dry run counts them first ("this will retry
 * 37 rows of number X, purpose Y"), then the run does exactly that many, or is refused when the
 * queue changed meanwhile or the selection is wider than the API's maximum.
 */
export function BulkDialog({ kind, filters, onClose }: { kind: WorkKind; filters: WorkFilters; onClose: () => void }) {
  const actions = BULK_ACTIONS[kind];
  const [action, setAction] = useState<WorkAction>(actions[0]!);
  const [note, setNote] = useState('');
  const [noteMissing, setNoteMissing] = useState(false);
  const [counted, setCounted] = useState<BulkCount | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const narrowing = apiFilters(filters) as Record<string, string>;
  const dryRun = useBulkCount(kind, setCounted);
  const run = useBulkRun(kind, setOutcome);

  const summary = counted?.kind === 'counted' ? bulkSummary({ kind, action, count: counted.count, max: null, filters }) : null;
  const display = workAction(action);

  return (
    <DialogRoot open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title="Bulk action" description="Count first, then act on exactly those items. Each is audited with your name and the note.">
        <div className={styles.dialogForm}>
          <SelectField
            label="Action"
            value={action}
            disabled={run.isPending || outcome !== null}
            onChange={(e) => {
              setAction(e.target.value as WorkAction);
              setCounted(null);
            }}
          >
            {actions.map((a) => (
              <option key={a} value={a}>
                {workAction(a).label}
              </option>
            ))}
          </SelectField>
          {counted === null ? (
            <Button onClick={() => dryRun.mutate({ action, filters: narrowing })} busy={dryRun.isPending} disabled={dryRun.isPending}>
              Count the items
            </Button>
          ) : counted.kind === 'too_wide' ? (
            <Callout tone="warning" role="alert" title="Too many items for one bulk action">
              {bulkTooWide({ kind, max: counted.max, filters })}
            </Callout>
          ) : (
            <Callout tone={summary?.allowed ? 'info' : 'warning'} role="status" title={summary?.words ?? ''} />
          )}
          {dryRun.isError ? (
            <Callout tone="danger" role="alert" title="Could not count the items">
              {problemDetail(toProblem(dryRun.error))}
            </Callout>
          ) : null}
          {counted?.kind === 'counted' && summary?.allowed && outcome === null ? (
            <>
              <TextArea
                label="Note"
                value={note}
                onChange={(e) => {
                  setNote(e.target.value);
                  if (e.target.value.trim()) setNoteMissing(false);
                }}
                maxLength={2000}
                aria-invalid={noteMissing || undefined}
                hint={noteMissing ? 'Write why, for the audit trail.' : 'Kept on every item with your name.'}
                autoFocus
              />
              {run.isPending ? (
                <div
                  className={styles.progress}
                  role="progressbar"
                  aria-label={`${display.label}: ${counted.count} items`}
                  aria-valuetext={`Working on ${counted.count} items…`}
                >
                  <span />
                </div>
              ) : null}
            </>
          ) : null}
          {run.isError ? (
            <Callout tone="danger" role="alert" title="The bulk action was refused">
              {problemDetail(toProblem(run.error))} Count again to see the queue as it is now.
            </Callout>
          ) : null}
          {outcome ? <Callout tone="success" role="status" title={outcome} /> : null}
          <div className={styles.dialogActions}>
            <Button variant="ghost" onClick={onClose}>
              {outcome ? 'Close' : 'Back'}
            </Button>
            {counted?.kind === 'counted' && summary?.allowed && outcome === null ? (
              <Button
                variant={display.tone === 'danger' ? 'danger' : 'primary'}
                busy={run.isPending}
                disabled={run.isPending}
                onClick={() => {
                  if (!note.trim()) return setNoteMissing(true);
                  run.mutate({ action, filters: narrowing, expected: counted.count, note: note.trim() });
                }}
              >
                Confirm
              </Button>
            ) : null}
          </div>
        </div>
      </DialogContent>
    </DialogRoot>
  );
}
