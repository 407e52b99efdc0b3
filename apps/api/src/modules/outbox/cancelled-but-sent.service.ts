import { Injectable } from '@nestjs/common';
import { AlertsService } from '../alerts/alerts.service.js';

/**
 * A row cancelled by hand while its send was under way (stuck in `sending`, the outcome unknown)
 * that Meta turned out to have: its acceptance or status is applied (the row is never shown as
 * cancelled once Meta has it) and a person is told, as an alert work item, that a message they
 * meant to stop reached the customer.
 */
@Injectable()
export class CancelledButSent {
  constructor(private readonly alerts: AlertsService) {}

  async raise(messageId: string, phoneNumberId: string | null, wamid: string | null, how: string): Promise<void> {
    await this.alerts.raise({
      source: 'outbox',
      key: `outbox.cancelled_but_sent:${messageId}`,
      title: 'A message cancelled by hand reached Meta',
      details: { message_id: messageId, phone_number_id: phoneNumberId, wamid, how },
    });
  }
}
