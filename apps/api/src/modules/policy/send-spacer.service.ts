import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { nextSendSlot } from '@sendbook/queue';
import { Clock } from '../../common/clock.js';
import { SendingPolicy } from './sending-policy.service.js';

/**
 * This process's Graph calls to each number, spaced at least 1000/cap ms apart (nextSendSlot):
 * rows claimed together, or whose timers fired together after a stall, go out in turn instead of
 * in one burst. The bucket in Redis paces all processes; this smooths what one process sends.
 */
@Injectable()
export class SendSpacer {
  private readonly lastSlot = new Map<string, number>();

  constructor(
    private readonly policy: SendingPolicy,
    private readonly clock: Clock,
  ) {}

  /** Resolves when this process may make its next call to the number (at once, unless in a burst). */
  async turn(phoneNumberId: string): Promise<void> {
    const now = this.clock.now().getTime();
    const slot = nextSendSlot(this.lastSlot.get(phoneNumberId) ?? null, now, this.policy.effectiveRate(phoneNumberId).configured);
    this.lastSlot.set(phoneNumberId, slot);
    if (slot > now) await sleep(Math.ceil(slot - now));
  }
}
