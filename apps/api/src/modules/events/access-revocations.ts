import { Injectable } from '@nestjs/common';
import { AccessRevocations, type Revocation } from '../../common/auth/authenticators.js';
import { EventsPublisher } from './events.publisher.js';

/** Revocations travel on the live-events stream every API instance reads, so each closes its own streams. */
@Injectable()
export class EventsAccessRevocations extends AccessRevocations {
  constructor(private readonly publisher: EventsPublisher) {
    super();
  }

  async revoked(revocation: Revocation): Promise<void> {
    await this.publisher.accessRevoked(revocation);
  }
}
