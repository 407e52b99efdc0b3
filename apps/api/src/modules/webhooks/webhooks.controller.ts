import { Controller, Get, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { WebhookIngestService } from './webhook-ingest.service.js';

/** Meta's verification handshake. The signed event POSTs are served by webhook-endpoint.ts. */
@Controller('webhooks/whatsapp')
export class WebhooksController {
  constructor(private readonly ingest: WebhookIngestService) {}

  @Get()
  verify(@Req() req: Request, @Res() res: Response): void {
    const challenge = this.ingest.verifyChallenge(req.query['hub.mode'], req.query['hub.verify_token'], req.query['hub.challenge']);
    if (challenge === null) res.status(403).type('text/plain').send('verification failed');
    else res.status(200).type('text/plain').send(challenge);
  }
}
