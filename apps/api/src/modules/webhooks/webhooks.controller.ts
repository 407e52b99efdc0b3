import { Controller, Get, Req, Res } from '@nestjs/common';
import type { HttpReply, HttpRequest } from '../../common/http/http-types.js';
import { ApiOperation, ApiTag } from '../../contract/api-operation.decorator.js';
import { oneOfValues, str } from '../../contract/schema.js';
import { WebhookIngestService } from './webhook-ingest.service.js';
import { TAGS } from '../../contract/tags.js';
import { Public } from '../../common/auth/access.decorator.js';

/** Meta's verification handshake. The signed event POSTs are served by webhook-endpoint.ts. */
@ApiTag(TAGS.webhooks)
@Public()
@Controller('webhooks/whatsapp')
export class WebhooksController {
  constructor(private readonly ingest: WebhookIngestService) {}

  @Get()
  @ApiOperation({
    id: 'verifyWebhook',
    summary: "Meta's verification handshake",
    extraParams: [
      { name: 'hub.mode', in: 'query', required: true, schema: oneOfValues(['subscribe']) },
      { name: 'hub.verify_token', in: 'query', required: true, description: 'must equal `WHATSAPP_VERIFY_TOKEN`', schema: str() },
      {
        name: 'hub.challenge',
        in: 'query',
        required: true,
        description: 'echoed back as plain text; at most 128 characters of `A-Za-z0-9._~-` (else 403)',
        schema: str({ maxLength: 128 }),
      },
    ],
    responses: {
      200: { description: 'The challenge, exactly.', body: str(), contentType: 'text/plain' },
      403: { description: 'Wrong token or mode.', body: str(), contentType: 'text/plain' },
    },
  })
  verify(@Req() req: HttpRequest<{ Querystring: Record<string, string | undefined> }>, @Res() res: HttpReply): void {
    const challenge = this.ingest.verifyChallenge(req.query['hub.mode'], req.query['hub.verify_token'], req.query['hub.challenge']);
    res.header('x-content-type-options', 'nosniff');
    if (challenge === null) res.status(403).type('text/plain').send('verification failed');
    else res.status(200).type('text/plain').send(challenge);
  }
}
