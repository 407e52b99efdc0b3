import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import { verifySignature } from '@sendbook/whatsapp';
import { Deadlines } from '../../common/batching/deadlines.js';
import { Clock } from '../../common/clock.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { MetricsRecorder } from '../metrics/metrics-recorder.service.js';
import { DeliveryWriter } from './delivery-writer.service.js';
import { WEBHOOK_COUNTERS } from '../metrics/metric-names.js';

/** Meta's challenge is a number; a little room, and nothing a browser could take for markup. */
const CHALLENGE_SHAPE = /^[A-Za-z0-9._~-]{1,128}$/;

function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export type IngestResult = { status: 200; deliveryId: string } | { status: 401; reason: 'missing' | 'invalid' } | { status: 500 };

/**
 * The endpoint's whole job: check the signature over the raw bytes, store them durably, answer.
 * No parsing and no business logic before the answer, not even Redis: the INSERT notifies the
 * workers, whose DeliveryRelay enqueues the job.
 */
@Injectable()
export class WebhookIngestService {
  /** A stalled database must not hold Meta's request: past WEBHOOK_ACK_TIMEOUT_MS the answer is 500. */
  private readonly deadlines: Deadlines;

  constructor(
    private readonly writer: DeliveryWriter,
    private readonly metrics: MetricsRecorder,
    private readonly clock: Clock,
    private readonly logger: JsonLogger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.deadlines = new Deadlines(config.webhooks.ackTimeoutMs, 'not stored');
  }

  /**
   * The GET handshake: the challenge back when the verify token matches. Compared in constant time
   * (digests of equal length); the echoed challenge is short plain text, never markup to reflect.
   */
  verifyChallenge(mode: unknown, token: unknown, challenge: unknown): string | null {
    if (mode !== 'subscribe' || typeof token !== 'string' || typeof challenge !== 'string') return null;
    if (!CHALLENGE_SHAPE.test(challenge)) return null;
    return sameSecret(token, this.config.whatsapp.verifyToken) ? challenge : null;
  }

  /** `requestId` goes on its log lines: the ack runs outside any request context (no async-local storage on the hot path). */
  async receive(raw: unknown, headers: IncomingHttpHeaders, requestId?: string): Promise<IngestResult> {
    const body = Buffer.isBuffer(raw) ? raw : Buffer.alloc(0);
    const header = headers['x-hub-signature-256'];
    const signature = Array.isArray(header) ? header[0] : header;
    if (!verifySignature(body, signature, this.config.whatsapp.appSecrets)) {
      const reason = signature ? 'invalid' : 'missing';
      this.logger.event('warn', 'webhook.signature_rejected', { request_id: requestId, reason, bytes: body.length });
      // Counted in memory and flushed with the other figures: a flood must not cost a write each.
      this.metrics.count(WEBHOOK_COUNTERS.signatureRejected, reason);
      return { status: 401, reason };
    }
    let deliveryId: string;
    try {
      // Past the deadline the answer is 500 (Meta retries; should the INSERT commit after all,
      // the retry is a duplicate we skip).
      deliveryId = await this.deadlines.within(this.writer.store({ receivedAt: this.clock.now(), headers: { ...headers }, body }));
    } catch (error) {
      // Not stored: a 500 makes Meta deliver it again later.
      this.logger.event('error', 'webhook.store_failed', { request_id: requestId, error, bytes: body.length });
      return { status: 500 };
    }
    return { status: 200, deliveryId };
  }
}
