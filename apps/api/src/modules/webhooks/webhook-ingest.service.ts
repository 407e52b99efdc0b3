import type { IncomingHttpHeaders } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import { verifySignature } from '@sendbook/whatsapp';
import { Clock } from '../../common/clock.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { CountersRepository } from '../metrics/counters.repository.js';
import { DeliveryWriter } from './delivery-writer.service.js';
import { WEBHOOK_COUNTERS } from '../metrics/metric-names.js';

export type IngestResult = { status: 200; deliveryId: string } | { status: 401; reason: 'missing' | 'invalid' } | { status: 500 };

/**
 * The endpoint's whole job: check the signature over the raw bytes, store them durably, answer.
 * No parsing and no business logic before the answer, not even Redis: the INSERT notifies the
 * workers, whose DeliveryRelay enqueues the job.
 */
@Injectable()
export class WebhookIngestService {
  constructor(
    private readonly writer: DeliveryWriter,
    private readonly counters: CountersRepository,
    private readonly clock: Clock,
    private readonly logger: JsonLogger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The GET handshake: the challenge back when the verify token matches. */
  verifyChallenge(mode: unknown, token: unknown, challenge: unknown): string | null {
    if (mode !== 'subscribe' || typeof token !== 'string' || typeof challenge !== 'string') return null;
    return token === this.config.whatsapp.verifyToken ? challenge : null;
  }

  async receive(raw: unknown, headers: IncomingHttpHeaders): Promise<IngestResult> {
    const body = Buffer.isBuffer(raw) ? raw : Buffer.alloc(0);
    const header = headers['x-hub-signature-256'];
    const signature = Array.isArray(header) ? header[0] : header;
    if (!verifySignature(body, signature, this.config.whatsapp.appSecrets)) {
      const reason = signature ? 'invalid' : 'missing';
      this.logger.event('warn', 'webhook.signature_rejected', { reason, bytes: body.length });
      // Counted before the answer, so the figure is never behind what callers were told.
      await this.counters.increment(WEBHOOK_COUNTERS.signatureRejected, reason, this.clock.now()).catch(() => undefined);
      return { status: 401, reason };
    }
    let deliveryId: string;
    try {
      deliveryId = await this.writer.store({ receivedAt: this.clock.now(), headers: { ...headers }, body });
    } catch (error) {
      // Not stored: a 500 makes Meta deliver it again later.
      this.logger.event('error', 'webhook.store_failed', { error, bytes: body.length });
      return { status: 500 };
    }
    return { status: 200, deliveryId };
  }
}
