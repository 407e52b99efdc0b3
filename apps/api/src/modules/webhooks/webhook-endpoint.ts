import type { INestApplication } from '@nestjs/common';
import express, { type Request, type Response } from 'express';
import type { AppConfig } from '../../config/config.schema.js';
import { MetricsRecorder } from '../metrics/metrics-recorder.service.js';
import { WebhookIngestService } from './webhook-ingest.service.js';

export const WEBHOOK_PATH = '/webhooks/whatsapp';

/**
 * Mounts `POST /webhooks/whatsapp` as a plain Express route ahead of Nest's router. The ack is the
 * hot path Meta measures (median under 250 ms, under 1 % over 1 s): it only verifies the signature
 * over the raw bytes, stores them and answers, so it skips Nest's per-request pipeline (guards,
 * pipes, interceptors, filters) that buys nothing here. The GET handshake stays a Nest route.
 */
export function mountWebhookEndpoint(app: INestApplication, config: AppConfig): void {
  const ingest = app.get(WebhookIngestService);
  const metrics = app.get(MetricsRecorder);
  const raw = express.raw({ type: () => true, limit: config.webhooks.bodyLimitBytes });
  const router = express.Router();
  router.post(WEBHOOK_PATH, raw, (req: Request, res: Response) => {
    // Ack latency as Meta sees it from here: from the route to the answer (in memory, flushed later).
    const started = performance.now();
    res.once('finish', () => metrics.webhookAcked(performance.now() - started));
    ingest.receive(req.body, req.headers).then(
      (result) => {
        if (result.status === 200) res.status(200).json({ received: true });
        else res.status(result.status).json({ error: result.status === 401 ? 'invalid_signature' : 'not_stored' });
      },
      () => res.status(500).json({ error: 'not_stored' }),
    );
  });
  // A body over the limit: Meta gets a clear 413 (and nothing is stored).
  router.use(WEBHOOK_PATH, (error: { type?: string } | undefined, _req: Request, res: Response, next: (e?: unknown) => void) => {
    if (error?.type === 'entity.too.large') res.status(413).json({ error: 'payload_too_large' });
    else next(error);
  });
  app.use(router);
}
