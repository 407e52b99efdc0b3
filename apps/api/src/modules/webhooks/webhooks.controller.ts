import { Controller, Get, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { WebhookIngestService } from './webhook-ingest.service.js';

/** Meta's side: the verification handshake and the signed event POSTs (raw body, see create-app). */
@Controller('webhooks/whatsapp')
export class WebhooksController {
  constructor(private readonly ingest: WebhookIngestService) {}

  @Get()
  verify(@Req() req: Request, @Res() res: Response): void {
    const challenge = this.ingest.verifyChallenge(req.query['hub.mode'], req.query['hub.verify_token'], req.query['hub.challenge']);
    if (challenge === null) res.status(403).type('text/plain').send('verification failed');
    else res.status(200).type('text/plain').send(challenge);
  }

  @Post()
  async receive(@Req() req: Request, @Res() res: Response): Promise<void> {
    const result = await this.ingest.receive(req.body, req.headers);
    res.status(result.status).json(result.status === 200 ? { received: true } : { error: result.status === 401 ? 'invalid_signature' : 'not_stored' });
  }
}
