import type { EntitySubscriberInterface, TransactionCommitEvent, TransactionRollbackEvent } from 'typeorm';
import type { EventsPublisher } from './events.publisher.js';

/** Hands events raised inside a transaction to the publisher once it has committed (or drops them). */
export class AfterCommitSubscriber implements EntitySubscriberInterface {
  constructor(private readonly publisher: EventsPublisher) {}

  afterTransactionCommit(event: TransactionCommitEvent): void {
    this.publisher.committed(event.queryRunner);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    this.publisher.rolledBack(event.queryRunner);
  }
}
