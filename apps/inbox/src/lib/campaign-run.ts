import type { Campaign, CampaignRun } from '@sendbook/api-contract';
import { countWords, percent } from './campaign-figures';
import type { SummaryFigure } from './campaign-summary';
import type { Tone } from './message-state';

export type CampaignAction = 'pause' | 'resume' | 'cancel';

const n = (x: number) => x.toLocaleString('en-US');
const of = (byState: CampaignRun['by_state'], ...states: string[]) => states.reduce((sum, s) => sum + (byState[s] ?? 0), 0);

/** How far the workers have written its recipients into the queue. */
export function writeProgress(run: Pick<CampaignRun, 'rows_total' | 'rows_written' | 'state'>) {
  return { written: run.rows_written, total: run.rows_total, writing: run.rows_written < run.rows_total && run.state !== 'cancelled' };
}

export function runStateWords(run: Pick<CampaignRun, 'state' | 'rows_total' | 'rows_written'>): { word: string; tone: Tone; detail: string | null } {
  switch (run.state) {
    case 'running':
      return { word: 'Running', tone: 'progress', detail: null };
    case 'paused':
      return { word: 'Paused', tone: 'warning', detail: 'nothing more goes until it is resumed' };
    case 'completed':
      return { word: 'Completed', tone: 'success', detail: null };
    case 'cancelled':
      return {
        word: 'Cancelled',
        tone: 'muted',
        detail: run.rows_written < run.rows_total ? `${countWords(run.rows_total - run.rows_written, 'recipient')} never written` : null,
      };
    default:
      return { word: 'Draft', tone: 'neutral', detail: 'not started' };
  }
}

/**
 * Where a started campaign's messages are: queued (and how many of them wait for the messaging
 * limit), sent, delivered, read, failed, replied (from the messages' attributed replies), opted
 * out, held for the pause, cancelled. "Sent" counts every message that left (Meta accepted it),
 * "Delivered" those that reached the phone, whatever happened after.
 */
export function runFigures(run: CampaignRun, messages: Pick<Campaign, 'replies'> | null): SummaryFigure[] {
  const s = run.by_state;
  const total = Object.values(s).reduce((sum, x) => sum + x, 0);
  const share = (x: number) => percent(total === 0 ? null : x / total);
  const queued = of(s, 'queued', 'sending');
  const sent = of(s, 'accepted', 'sent', 'delivered', 'read', 'played');
  const delivered = of(s, 'delivered', 'read', 'played');
  const read = of(s, 'read', 'played');
  const failed = of(s, 'failed');
  const cancelled = of(s, 'cancelled');
  const replied = messages?.replies.messages_replied ?? 0;
  const figures: SummaryFigure[] = [
    {
      label: 'Queued',
      value: n(queued),
      detail: queued === 0 ? 'none left to go' : run.waiting_for_limit > 0 ? `${n(run.waiting_for_limit)} of them wait for the limit` : 'paced by the number',
    },
    { label: 'Sent', value: n(sent), detail: `${share(sent)} of ${countWords(total, 'message')}`, tone: 'progress' },
    { label: 'Delivered', value: n(delivered), detail: `${percent(sent === 0 ? null : delivered / sent)} of those sent`, tone: 'success' },
    { label: 'Read', value: n(read), detail: `${percent(sent === 0 ? null : read / sent)} of those sent`, tone: 'success' },
    { label: 'Failed', value: n(failed), detail: failed > 0 ? 'reasons below' : 'none failed', tone: failed > 0 ? 'danger' : undefined },
    { label: 'Replied', value: n(replied), detail: `${percent(sent === 0 ? null : replied / sent)} of those sent answered` },
    { label: 'Opted out', value: n(run.opted_out), detail: 'of marketing: held, never sent', tone: run.opted_out > 0 ? 'warning' : undefined },
    {
      label: 'Waiting for the limit',
      value: n(run.waiting_for_limit),
      detail: run.waiting_for_limit > 0 ? 'go when the 24-hour window frees room' : 'none',
      tone: run.waiting_for_limit > 0 ? 'warning' : undefined,
    },
  ];
  if (run.held_for_pause > 0 || run.state === 'paused')
    figures.push({ label: 'Held for the pause', value: n(run.held_for_pause), detail: 'go again on Resume', tone: 'warning' });
  if (cancelled > 0) figures.push({ label: 'Cancelled', value: n(cancelled), detail: 'never sent', tone: 'muted' });
  return figures;
}
