/**
 * The work queues: what each kind of item is, in the order an agent should look at them (a
 * customer waiting past the team's target first; a stuck send may be a duplicate on a customer's
 * phone; a poison delivery is an operator's job).
 */
export const WORK_KINDS = ['waiting_customer', 'stuck_sending', 'unattributed_inbound', 'failed', 'held', 'poison_webhook', 'alert'] as const;
export type WorkKind = (typeof WORK_KINDS)[number];

export interface WorkKindDisplay {
  readonly kind: WorkKind;
  /** The queue's name in navigation and headings. */
  readonly title: string;
  /** What is in it and why someone must look. */
  readonly description: string;
  /** When the queue is empty. */
  readonly empty: string;
}

const DISPLAYS: Readonly<Record<WorkKind, Omit<WorkKindDisplay, 'kind'>>> = {
  waiting_customer: {
    title: 'Waiting customers',
    description: 'Customers who have waited longer than their team’s response target. Open the conversation and answer: the reply takes it off this list.',
    empty: 'No customer is waiting past their team’s target.',
  },
  stuck_sending: {
    title: 'Stuck sending',
    description: 'Messages that started sending and never got an answer. Each may or may not have reached the customer: decide before sending again.',
    empty: 'Nothing is stuck. Every send got an answer.',
  },
  unattributed_inbound: {
    title: 'Unattributed',
    description: 'Customer messages Sendbook could not tie to a message or a conversation.',
    empty: 'Every customer message is tied to its conversation.',
  },
  failed: {
    title: 'Failed',
    description: 'Messages WhatsApp did not deliver, with the reason.',
    empty: 'No failed messages.',
  },
  held: {
    title: 'Held',
    description: 'Messages held back until someone decides (for example a template that was paused).',
    empty: 'Nothing is held.',
  },
  poison_webhook: {
    title: 'Poison webhooks',
    description: 'Correctly signed deliveries from Meta that could not be processed. They are kept and can be replayed.',
    empty: 'Every webhook delivery was processed.',
  },
  alert: {
    title: 'Alerts',
    description: 'Queue-health figures past their thresholds, and paused sending. Open until someone resolves them.',
    empty: 'No open alerts.',
  },
};

export function workKind(kind: WorkKind): WorkKindDisplay {
  return { kind, ...DISPLAYS[kind] };
}

export function isWorkKind(value: string): value is WorkKind {
  return (WORK_KINDS as readonly string[]).includes(value);
}

/** `/work/failed` */
export function workHref(kind: WorkKind): string {
  return `/work/${kind}`;
}

/** Why the API could not attribute an inbound message, in words. */
export function attributionReasonWords(reason: string | null): string {
  switch (reason) {
    case 'context_unknown':
      return 'Quotes a message Sendbook does not know';
    case 'none_awaiting':
      return 'No message was waiting for a reply';
    case 'several_awaiting':
      return 'Several messages were waiting for a reply';
    case 'forwarded':
      return 'Forwarded by the customer';
    case 'reaction':
      return 'A reaction to an unknown message';
    case null:
      return 'No reason recorded';
    default:
      return reason.replace(/_/g, ' ');
  }
}
