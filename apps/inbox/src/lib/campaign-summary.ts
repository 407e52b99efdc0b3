import type { operations } from '@sendbook/api-contract';
import { countWords } from './campaign-figures';
import type { Tone } from './message-state';
import { durationWords } from './time';

/** The API's summary of a campaign before it starts (`POST /v1/campaigns/preview`), as the contract types it. */
export type PlannedCampaign = operations['previewCampaign']['responses'][200]['content']['application/json']['summary'];

export interface SummaryFigure {
  readonly label: string;
  readonly value: string;
  readonly detail: string;
  readonly tone?: Tone;
}

const n = (x: number) => x.toLocaleString('en-US');

/**
 * What an admin must know before pressing Start: how many go, how many of them today under the
 * number's messaging limit and how many wait for it, who is opted out, which rows were refused,
 * and when the last one should go at the number's rate.
 */
export function summaryFigures(s: PlannedCampaign, now: number): SummaryFigure[] {
  const limit = s.messaging_limit === 'unlimited' ? null : Number(s.messaging_limit);
  const malformed = s.refused - s.duplicates;
  const refusedParts = [
    malformed > 0 ? `${n(malformed)} malformed` : null,
    s.duplicates > 0 ? `${n(s.duplicates)} duplicate${s.duplicates === 1 ? '' : 's'}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return [
    {
      label: 'Will go',
      value: n(s.will_go),
      detail: s.already_in_campaign
        ? `${n(s.already_in_campaign)} of the file’s ${countWords(s.rows, 'row')} already have this campaign: never sent twice`
        : `of ${countWords(s.rows, 'row')} in the file`,
      tone: s.will_go > 0 ? 'success' : 'danger',
    },
    {
      label: 'Today',
      value: n(s.today),
      detail:
        limit === null
          ? 'no messaging limit on this number'
          : `under the limit of ${n(limit)} customers a day (${n(s.users_in_window)} reached in the last 24 h)`,
      tone: 'progress',
    },
    {
      label: 'Wait for the limit',
      value: n(s.waiting_for_limit),
      detail: s.waiting_for_limit > 0 ? 'queued until the number’s 24-hour window frees room' : 'none: all fit today',
      tone: s.waiting_for_limit > 0 ? 'warning' : undefined,
    },
    {
      label: 'Opted out',
      value: n(s.opted_out),
      detail: s.template_category === 'MARKETING' ? 'of marketing: held, never sent' : 'not a marketing template: opt-outs do not apply',
      tone: s.opted_out > 0 ? 'warning' : undefined,
    },
    {
      label: 'Refused',
      value: n(s.refused),
      detail: s.refused > 0 ? `${refusedParts}: listed below with their lines` : 'every row can be read',
      tone: s.refused > 0 ? 'danger' : undefined,
    },
    {
      label: 'Last one goes',
      value: s.last_at === null ? '–' : lastWords(s.last_at, now),
      detail: `at ${rateWords(s.rate_per_second)}${s.waiting_for_limit > 0 ? ', after the limit frees room' : ''}`,
    },
  ];
}

/** "in 4 s", "in 23 h 59 min": how far off the estimate is. */
function lastWords(at: string, now: number): string {
  const ms = Date.parse(at) - now;
  return ms < 1_000 ? 'at once' : ms < 60_000 ? `in ${Math.ceil(ms / 1_000)} s` : `in ${durationWords(ms)}`;
}

function rateWords(perSecond: number): string {
  return perSecond >= 1 ? `${Number(perSecond.toFixed(1))} messages a second` : `one message every ${Number((1 / perSecond).toFixed(1))} s`;
}
