import type { CampaignSummary } from '@sendbook/api-contract';
import { outboundState, type OutboundState, type Tone } from './message-state';

/**
 * A campaign's messages as people read them: a few stages in the order a message moves through
 * them (waiting, sent, delivered, read, then the ones that did not go), each with its count, its
 * share and the states it holds. Stages with no messages are left out.
 */
export interface CampaignStage {
  readonly key: string;
  readonly word: string;
  readonly tone: Tone;
  readonly count: number;
  /** Of all the campaign's messages, 0..1. */
  readonly share: number;
  readonly states: readonly OutboundState[];
}

const STAGES: readonly { key: string; word: string; tone: Tone; states: readonly OutboundState[] }[] = [
  { key: 'waiting', word: 'Waiting', tone: 'muted', states: ['queued', 'sending', 'accepted'] },
  { key: 'sent', word: 'Sent', tone: 'progress', states: ['sent'] },
  { key: 'delivered', word: 'Delivered', tone: 'neutral', states: ['delivered'] },
  { key: 'read', word: 'Read', tone: 'success', states: ['read', 'played'] },
  { key: 'held', word: 'Held', tone: 'warning', states: ['held'] },
  { key: 'failed', word: 'Failed', tone: 'danger', states: ['failed'] },
  { key: 'cancelled', word: 'Cancelled', tone: 'muted', states: ['cancelled'] },
];

export function campaignStages(byState: CampaignSummary['by_state']): CampaignStage[] {
  const total = Object.values(byState).reduce((sum, n) => sum + n, 0);
  return STAGES.map((s) => {
    const count = s.states.reduce((sum, state) => sum + (byState[state] ?? 0), 0);
    return { ...s, count, share: total === 0 ? 0 : count / total };
  }).filter((s) => s.count > 0);
}

/** "6 messages: 2 read, 2 delivered, 2 failed": the bar's words, for screen readers and the title. */
export function campaignWords(c: Pick<CampaignSummary, 'messages' | 'by_state'>): string {
  const parts = campaignStages(c.by_state).map((s) => `${s.count.toLocaleString('en-US')} ${s.word.toLowerCase()}`);
  return `${countWords(c.messages, 'message')}${parts.length > 0 ? `: ${parts.join(', ')}` : ''}`;
}

/**
 * How many reached the phone: delivered, read or played (Meta only reports a read after the
 * delivery, so those count as delivered too), of the messages that are not waiting any more.
 */
export function deliveredShare(byState: CampaignSummary['by_state']): number | null {
  const reached = byState.delivered + byState.read + byState.played;
  const done = reached + byState.sent + byState.failed + byState.held + byState.cancelled;
  return done === 0 ? null : reached / done;
}

/** 0.5 → "50 %", 0.004 → "0.4 %", null → "–". */
export function percent(share: number | null): string {
  if (share === null) return '–';
  const value = share * 100;
  return `${value > 0 && value < 1 ? value.toFixed(1) : Math.round(value)} %`;
}

export function countWords(n: number, noun: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? noun : `${noun}s`}`;
}

/** The campaign's page; tags may hold any characters (`spring sale / 2026`). */
export function campaignHref(campaign: string): string {
  return `/campaigns/${encodeURIComponent(campaign)}`;
}

/** The state's word for the table of every state. */
export function stateWord(state: OutboundState): string {
  return outboundState(state).word;
}
