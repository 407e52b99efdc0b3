import { Injectable } from '@nestjs/common';
import { RECORDED } from '../metrics/metric-names.js';
import { MetricsRecorder } from '../metrics/metrics-recorder.service.js';
import type { SendRowOutcome } from './outbound-sender.service.js';

/**
 * Send outcomes by error code, accepted sends per business number, and the sending policy's
 * waits by reason — all from what the sender reports, no query. The outbox counts them through
 * the metrics recorder; the metrics module needs nothing of the outbox to store them.
 */
@Injectable()
export class SendOutcomes {
  constructor(private readonly recorder: MetricsRecorder) {}

  record(outcome: SendRowOutcome): void {
    // Nobody's attempt: another worker had the row, or its number is paused.
    if (outcome.kind === 'not_claimed') return;
    if (outcome.kind === 'requeued') {
      this.recorder.count(RECORDED.sendOutcome, `requeued:${outcome.reason}`);
      return;
    }
    const accepted = outcome.decision === 'accepted';
    this.recorder.count(RECORDED.sendOutcome, `${outcome.decision}:${accepted ? '' : (outcome.code ?? '')}`);
    if (accepted) this.recorder.count(RECORDED.sendsAccepted, outcome.phoneNumberId);
  }
}
