import { filterWords, type WorkFilters } from './work-filters';
import type { WorkKind } from './work-kinds';

/**
 * What a person can do to a work item: each action's button name (the contract's accessible
 * names), its key, what the confirmation says, and how a bulk run is worded. The API lists each
 * item's `actions`; this only says them in words.
 */
export type WorkAction = 'retry' | 'mark_sent' | 'cancel' | 'attribute' | 'resend' | 'release' | 'dismiss' | 'replay' | 'resolve' | 'assign_to_me';

export interface WorkActionDisplay {
  readonly action: WorkAction;
  /** The button's name: `Retry`, `Mark sent`, `Cancel`, `Attribute`, `Resolve`, … */
  readonly label: string;
  /** One key on the selected row (never c, w, h, s: those follow `g` to go somewhere). */
  readonly key: string;
  /** The dialog's heading. */
  readonly title: string;
  /** Infinitive for sentences: "this will retry 3 rows". */
  readonly verb: string;
  /** Past tense for what was done: "Retried". */
  readonly done: string;
  readonly tone: 'primary' | 'danger' | 'secondary';
}

const ACTIONS: Readonly<Record<WorkAction, Omit<WorkActionDisplay, 'action'>>> = {
  retry: { label: 'Retry', key: 'r', title: 'Send it again', verb: 'retry', done: 'Retried', tone: 'primary' },
  mark_sent: { label: 'Mark sent', key: 'm', title: 'Mark it sent', verb: 'mark as sent', done: 'Marked sent', tone: 'secondary' },
  cancel: { label: 'Cancel', key: 'x', title: 'Cancel the message', verb: 'cancel', done: 'Cancelled', tone: 'danger' },
  attribute: { label: 'Attribute', key: 'a', title: 'What does it answer?', verb: 'attribute', done: 'Attributed', tone: 'primary' },
  resend: { label: 'Resend', key: 'n', title: 'Send it again as a new message', verb: 'resend as new messages', done: 'Resent', tone: 'primary' },
  release: { label: 'Release', key: 'l', title: 'Release it as a template', verb: 'release', done: 'Released', tone: 'primary' },
  dismiss: { label: 'Dismiss', key: 'd', title: 'Set it aside', verb: 'dismiss', done: 'Dismissed', tone: 'secondary' },
  replay: { label: 'Replay', key: 'p', title: 'Process the delivery again', verb: 'replay', done: 'Replayed', tone: 'primary' },
  resolve: { label: 'Resolve', key: 'e', title: 'Resolve the alert', verb: 'resolve', done: 'Resolved', tone: 'primary' },
  // Take it (A in a thread; a is Attribute here). Done at once, no dialog: it sends nothing and is undone by unassigning.
  assign_to_me: { label: 'Assign to me', key: 't', title: 'Assign it to you', verb: 'assign to yourself', done: 'Assigned to you', tone: 'primary' },
};

export const WORK_ACTIONS = Object.keys(ACTIONS) as WorkAction[];

export function workAction(action: WorkAction): WorkActionDisplay {
  return { action, ...ACTIONS[action] };
}

export function isWorkAction(value: string): value is WorkAction {
  return value in ACTIONS;
}

/** The item's actions we know how to show, in the API's order. */
export function actionsOf(item: { readonly actions: readonly string[] }): WorkAction[] {
  return item.actions.filter(isWorkAction);
}

/** The action a key press means on this item, if any. */
export function actionForKey(item: { readonly actions: readonly string[] }, key: string): WorkAction | null {
  return actionsOf(item).find((a) => ACTIONS[a].key === key.toLowerCase()) ?? null;
}

/** Which bulk actions each queue takes (the API refuses the others). */
export const BULK_ACTIONS: Readonly<Record<WorkKind, readonly WorkAction[]>> = {
  waiting_customer: [],
  stuck_sending: ['retry', 'mark_sent', 'cancel'],
  failed: ['resend', 'retry', 'dismiss'],
  held: ['retry', 'cancel'],
  poison_webhook: ['replay', 'dismiss'],
  unattributed_inbound: [],
  alert: ['resolve'],
};

const NOUNS: Readonly<Record<WorkKind, [string, string]>> = {
  waiting_customer: ['conversation', 'conversations'],
  stuck_sending: ['row', 'rows'],
  failed: ['message', 'messages'],
  held: ['message', 'messages'],
  poison_webhook: ['delivery', 'deliveries'],
  unattributed_inbound: ['reply', 'replies'],
  alert: ['alert', 'alerts'],
};

export function itemNoun(kind: WorkKind, n: number): string {
  const [one, many] = NOUNS[kind];
  return n === 1 ? one : many;
}

/** "this will retry 37 rows of number 1065…, purpose order_shipped" — or why it will not. */
export function bulkSummary(input: { kind: WorkKind; action: WorkAction; count: number; max: number | null; filters: WorkFilters }): {
  words: string;
  allowed: boolean;
} {
  const { kind, action, count, max, filters } = input;
  const scope = filterWords(filters);
  const of = scope.length > 0 ? ` of ${scope.join(', ')}` : ' in this queue';
  const what = `${count.toLocaleString('en')} ${itemNoun(kind, count)}`;
  if (count === 0) return { words: `Nothing to ${ACTIONS[action].verb}: no open ${itemNoun(kind, 2)}${of}.`, allowed: false };
  if (max !== null && count > max) {
    return { words: `${what}${of} is more than ${max.toLocaleString('en')}, the most one bulk action may take. Narrow the filters first.`, allowed: false };
  }
  return { words: `This will ${ACTIONS[action].verb} ${what}${of}.`, allowed: true };
}

/** After a run: "Retried 37 rows." or "Retried 35 of 37 rows; 2 could not be." */
export function bulkOutcome(input: { kind: WorkKind; action: WorkAction; count: number; done: number; failed: number }): string {
  const { kind, action, count, done, failed } = input;
  const verb = ACTIONS[action].done;
  if (failed === 0 && done === count) return `${verb} ${count.toLocaleString('en')} ${itemNoun(kind, count)}.`;
  return `${verb} ${done.toLocaleString('en')} of ${count.toLocaleString('en')} ${itemNoun(kind, count)}; ${failed.toLocaleString('en')} could not be.`;
}

/** When the API refused the dry run as too wide: its maximum, in words. */
export function bulkTooWide(input: { kind: WorkKind; max: number | null; filters: WorkFilters }): string {
  const scope = filterWords(input.filters);
  const of = scope.length > 0 ? ` of ${scope.join(', ')}` : ' in this queue';
  const more =
    input.max === null ? `Too many open ${itemNoun(input.kind, 2)}${of}` : `More than ${input.max.toLocaleString('en')} open ${itemNoun(input.kind, 2)}${of}`;
  const most = input.max === null ? 'one bulk action may not take them all' : `one bulk action takes at most ${input.max.toLocaleString('en')}`;
  return `${more}: ${most}. Narrow the filters first.`;
}

/** The most a bulk action may take, from the API's refusal ("… more than 500 items …"), if it said. */
export function bulkMaxFrom(message: string | null | undefined): number | null {
  const match = /more than ([\d,]+) items/.exec(message ?? '');
  return match ? Number(match[1]!.replace(/,/g, '')) : null;
}

const RESOLUTIONS: Readonly<Record<string, string>> = {
  mark_sent: 'Marked sent',
  retry: 'Retried',
  cancel: 'Cancelled',
  resent: 'Resent as a new message',
  released: 'Released as a template',
  dismissed: 'Dismissed',
  replayed: 'Replayed',
  attribute: 'Attributed',
  resolve: 'Resolved',
  replied: 'Replied',
  closed: 'Closed',
};

/** What was done to a resolved item, in words, from the API's `resolution.action`. */
export function resolutionWords(action: string): string {
  return RESOLUTIONS[action] ?? action.replace(/_/g, ' ');
}
