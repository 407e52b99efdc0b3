import { Controller, Get, Query, Res } from '@nestjs/common';
import { Access } from '../../common/auth/access.decorator.js';
import { CurrentPrincipal } from '../../common/auth/current-principal.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import type { HttpReply } from '../../common/http/http-types.js';
import { ApiOperation, ApiTag } from '../../contract/api-operation.decorator.js';
import { TAGS } from '../../contract/tags.js';
import { ExportQueryDto } from './dto/export-query.dto.js';
import { EXPORT_DESCRIPTION } from './export-docs.js';
import { exportBodies, MessageExportRow } from './exports.schemas.js';
import { ExportsService } from './exports.service.js';

/** `GET /v1/messages/export`: who may list messages may export them, and sees the same ones. */
@ApiTag(TAGS.outbox)
@Controller('v1/messages/export')
@Access('send', 'agent')
export class MessagesExportController {
  constructor(private readonly exports: ExportsService) {}

  @Get()
  @ApiOperation({
    id: 'exportMessages',
    summary: 'Export every message of a period',
    description: `Every outbound message created in [\`since\`, \`until\`), streamed as it is read: the message resource (M: final state, \`created_at\`, \`sent_at\`, \`delivered_at\`, \`read_at\`, …, \`replies\`: the inbound messages attributed to it) with \`pricing\` (Meta's, from the latest status that carried one) and \`cursor\`. A send-only key exports only its integration's messages, as it lists them. ${EXPORT_DESCRIPTION}`,
    responses: { 200: { description: 'The messages, as they are read (a stream).', bodies: exportBodies(MessageExportRow, 'message') } },
  })
  async export(@Query() query: ExportQueryDto, @CurrentPrincipal() by: Principal, @Res() reply: HttpReply): Promise<void> {
    await this.exports.exportMessages(query, by, reply);
  }
}
