import type { AcceptedMessage, LedgerEntry } from './records.js';

export interface LedgerFilter {
  to?: string;
  phoneNumberId?: string;
  bizOpaqueCallbackData?: string;
}

/**
 * Ground truth of what customers received. Accepted messages that the platform later fails
 * (131047, 131026 ...) are kept for statuses and replies but never reached a phone, so they are not
 * ledger entries.
 */
export class Ledger {
  private readonly accepted: AcceptedMessage[] = [];
  private readonly byWamid = new Map<string, AcceptedMessage>();
  private readonly lastNumberByRecipient = new Map<string, string>();

  add(message: AcceptedMessage): void {
    this.accepted.push(message);
    this.byWamid.set(message.wamid, message);
    this.lastNumberByRecipient.set(message.to, message.phoneNumberId);
  }

  /** The business number that last sent to this user (where the user's next message goes). */
  lastNumberFor(waId: string): string | undefined {
    return this.lastNumberByRecipient.get(waId);
  }

  get(wamid: string): AcceptedMessage | undefined {
    return this.byWamid.get(wamid);
  }

  allAccepted(): AcceptedMessage[] {
    return [...this.accepted];
  }

  entries(filter: LedgerFilter = {}): LedgerEntry[] {
    return this.accepted
      .filter((m) => m.failedWith === null)
      .filter((m) => filter.to === undefined || m.to === filter.to.replace(/^\+/, ''))
      .filter((m) => filter.phoneNumberId === undefined || m.phoneNumberId === filter.phoneNumberId)
      .filter((m) => filter.bizOpaqueCallbackData === undefined || m.bizOpaqueCallbackData === filter.bizOpaqueCallbackData)
      .map(toEntry);
  }

  countByRecipient(): Record<string, number> {
    return countBy(this.entries(), (e) => e.to);
  }

  countByCallbackData(): Record<string, number> {
    return countBy(
      this.entries().filter((e) => e.bizOpaqueCallbackData !== null),
      (e) => e.bizOpaqueCallbackData ?? '',
    );
  }

  /** biz_opaque_callback_data values that reached a phone more than once: each is a double send. */
  duplicatedCallbackData(): string[] {
    return Object.entries(this.countByCallbackData())
      .filter(([, count]) => count > 1)
      .map(([key]) => key);
  }

  reset(): void {
    this.accepted.length = 0;
    this.byWamid.clear();
    this.lastNumberByRecipient.clear();
  }
}

function toEntry(m: AcceptedMessage): LedgerEntry {
  return {
    wamid: m.wamid,
    phoneNumberId: m.phoneNumberId,
    to: m.to,
    recipientUserId: m.recipientUserId,
    type: m.type,
    body: m.body,
    bizOpaqueCallbackData: m.bizOpaqueCallbackData,
    contextMessageId: m.contextMessageId,
    acceptedAt: m.acceptedAt,
    responseLost: m.responseLost,
  };
}

function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}
