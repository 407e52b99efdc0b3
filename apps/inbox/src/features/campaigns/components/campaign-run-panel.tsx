'use client';

import type { Campaign, CampaignRun } from '@sendbook/api-contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmActions } from '@/components/confirm-parts';
import { useClock } from '@/components/clock';
import { Time } from '@/components/time';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DialogContent, DialogRoot } from '@/components/ui/dialog';
import { FigureTile } from '@/components/ui/figure-tile';
import { useToast } from '@/components/ui/toast';
import { HealthChart } from '@/features/health/components/health-chart';
import { countWords } from '@/lib/campaign-figures';
import { runFigures, runStateWords, writeProgress, type CampaignAction } from '@/lib/campaign-run';
import { campaignTimelineChart } from '@/lib/campaign-timeline';
import { newRequestId } from '@/lib/request-id';
import { actOnCampaign, campaignExportHref, campaignTimelineQuery } from '../campaign-runs.queries';
import { campaignKeys } from '../campaigns.queries';
import tiles from '@/components/ui/figure-tiles.module.css';
import styles from './campaigns.module.css';

const ASK: Record<CampaignAction, { title: string; description: string; done: string; danger: boolean }> = {
  pause: {
    title: 'Pause the campaign',
    description: 'Messages not yet sent are held before their next send, and no more recipients are written, until you resume. Nothing is failed or lost.',
    done: 'Paused: what had not gone is held',
    danger: false,
  },
  resume: {
    title: 'Resume the campaign',
    description: 'What the pause held goes out again, paced by the number; the rest is written on. Nobody gets it twice.',
    done: 'Resumed',
    danger: false,
  },
  cancel: {
    title: 'Cancel the campaign',
    description: 'Messages not yet sent are cancelled and never go; what has gone stays. This cannot be undone.',
    done: 'Cancelled: what had not gone never will',
    danger: true,
  },
};

/**
 * A campaign an admin started: its state, how far its recipients are written, where its messages
 * are (figures and a chart over time, refreshed every few seconds), and Pause / Resume / Cancel,
 * each asked once more before it acts. The export has every row with its state.
 */
export function CampaignRunPanel({ run, messages }: { run: CampaignRun; messages: Campaign | null }) {
  const { now } = useClock();
  const live = run.state === 'running' || run.state === 'paused';
  const timeline = useQuery({ ...campaignTimelineQuery(run.name), refetchInterval: live ? 3_000 : false });
  const [asking, setAsking] = useState<CampaignAction | null>(null);
  const progress = writeProgress(run);
  const state = runStateWords(run);
  return (
    <section className={styles.section} aria-labelledby="campaign-run">
      <div className={styles.runHeading}>
        <h2 id="campaign-run">
          Run <Badge tone={state.tone}>{state.word}</Badge>
        </h2>
        <div className={styles.runActions}>
          {run.state === 'running' ? <Button onClick={() => setAsking('pause')}>Pause</Button> : null}
          {run.state === 'paused' ? (
            <Button variant="primary" onClick={() => setAsking('resume')}>
              Resume
            </Button>
          ) : null}
          {live || run.state === 'draft' ? (
            <Button variant="danger" onClick={() => setAsking('cancel')}>
              Cancel campaign
            </Button>
          ) : null}
          <a className={styles.exportLink} href={campaignExportHref(run.name)} download>
            Export rows (CSV)
          </a>
        </div>
      </div>
      <p className={styles.secondary}>
        {run.template.name} ({run.template.language}) from {run.phone_number_id} · started by {run.created_by_name} <Time past at={run.created_at} />
        {run.not_before && Date.parse(run.not_before) > now ? (
          <>
            {' '}
            · first sends <Time at={run.not_before} />
          </>
        ) : null}
        {run.completed_at ? (
          <>
            {' '}
            · {run.state === 'cancelled' ? 'cancelled' : 'completed'} <Time past at={run.completed_at} />
          </>
        ) : null}
        {state.detail ? ` · ${state.detail}` : null}
      </p>
      {progress.writing ? (
        <div className={styles.writeProgress}>
          <progress max={progress.total} value={progress.written} aria-label="Recipients written to the queue" />
          <span>
            {progress.written.toLocaleString('en-US')} of {countWords(progress.total, 'recipient')} written to the queue
            {run.state === 'paused' ? ' (paused)' : ''}
          </span>
        </div>
      ) : null}
      <ul className={`${tiles.tiles} ${styles.figures}`} aria-label="Campaign progress">
        {runFigures(run, messages).map((f) => (
          <FigureTile key={f.label} {...f} />
        ))}
      </ul>
      <div className={styles.runChart}>{timeline.data ? <HealthChart chart={campaignTimelineChart(timeline.data.data, now, live)} /> : null}</div>
      {asking ? <RunActionDialog run={run} action={asking} onClose={() => setAsking(null)} /> : null}
    </section>
  );
}

function RunActionDialog({ run, action, onClose }: { run: CampaignRun; action: CampaignAction; onClose: () => void }) {
  const [requestId] = useState(newRequestId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const queryClient = useQueryClient();
  const toast = useToast();
  const ask = ASK[action];
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await actOnCampaign(run.id, action, requestId);
      await queryClient.invalidateQueries({ queryKey: campaignKeys.all });
      toast({ tone: 'success', title: ask.done });
      onClose();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <DialogRoot open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={`${ask.title} “${run.name}”`} description={ask.description}>
        <ConfirmActions error={error} errorTitle="It did not work" busy={busy} danger={ask.danger} onBack={onClose} onConfirm={confirm} />
      </DialogContent>
    </DialogRoot>
  );
}
