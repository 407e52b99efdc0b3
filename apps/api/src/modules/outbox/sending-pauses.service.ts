import { Injectable } from '@nestjs/common';
import type { RowError } from '@sendbook/queue';
import { Clock } from '../../common/clock.js';
import { AlertsService } from '../alerts/alerts.service.js';
import type { SendingPause } from './sending-pause.entity.js';
import { SendingPausesRepository } from './sending-pauses.repository.js';

/** Stops and resumes sending for a number or the whole account. */
@Injectable()
export class SendingPausesService {
  constructor(
    private readonly repo: SendingPausesRepository,
    private readonly clock: Clock,
    private readonly alerts: AlertsService,
  ) {}

  /**
   * Idempotent per scope: concurrent workers hitting the same auth error make one pause. A pause
   * is also an alert work item: someone must fix the token, the payment method or the number's
   * standing, then resume.
   */
  async pause(scope: 'number' | 'account', phoneNumberId: string, error: RowError): Promise<void> {
    const target = scope === 'account' ? null : phoneNumberId;
    await this.alerts.raise({
      source: 'outbox',
      key: pauseAlertKey(scope, target),
      title: scope === 'account' ? `All sending paused: ${error.title}` : `Sending from ${phoneNumberId} paused: ${error.title}`,
      details: { scope, phone_number_id: target, error },
    });
    await this.repo.insertUnlessActive({
      scope,
      phoneNumberId: target,
      code: error.code === null ? null : String(error.code),
      reason: `${error.title}${error.details ? `: ${error.details}` : ''}`,
      pausedAt: this.clock.now(),
    });
  }

  /** An admin stops a number on purpose (a campaign gone wrong, a complaint): no alert, the reason is theirs. */
  async pauseByHand(phoneNumberId: string, note: string): Promise<boolean> {
    return this.repo.insertUnlessActive({ scope: 'number', phoneNumberId, code: 'manual', reason: `Paused by hand: ${note}`, pausedAt: this.clock.now() });
  }

  active(): Promise<SendingPause[]> {
    return this.repo.findActive();
  }

  /** Resumes the number's own pauses and any account-wide pause; returns how many were lifted. */
  async resume(phoneNumberId: string, actor: string): Promise<number> {
    const resumed = await this.repo.resumeFor(phoneNumberId, this.clock.now(), actor);
    // The number's own pause alert and the account's are settled by the same resume.
    await this.alerts.resolve(pauseAlertKey('number', phoneNumberId), actor, 'sending resumed');
    await this.alerts.resolve(pauseAlertKey('account', null), actor, 'sending resumed');
    return resumed;
  }
}

function pauseAlertKey(scope: 'number' | 'account', phoneNumberId: string | null): string {
  return scope === 'account' ? 'sending_paused:account' : `sending_paused:number:${phoneNumberId}`;
}
