import { Controller, Get, Query, Res } from '@nestjs/common';
import { Access } from '../../common/auth/access.decorator.js';
import type { HttpReply } from '../../common/http/http-types.js';
import { ApiOperation, ApiTag } from '../../contract/api-operation.decorator.js';
import { TAGS } from '../../contract/tags.js';
import { ExportQueryDto } from './dto/export-query.dto.js';
import { EXPORT_DESCRIPTION } from './export-docs.js';
import { exportBodies, InboundExportRow } from './exports.schemas.js';
import { ExportsService } from './exports.service.js';

/** `GET /v1/inbound/export`: who may list inbound messages (staff, admin keys) may export them. */
@ApiTag(TAGS.inbound)
@Controller('v1/inbound/export')
@Access('agent')
export class InboundExportController {
  constructor(private readonly exports: ExportsService) {}

  @Get()
  @ApiOperation({
    id: 'exportInbound',
    summary: 'Export every inbound message of a period',
    description: `Every message customers sent that Sendbook stored in [\`since\`, \`until\`) (by \`created_at\`, when it arrived), streamed as it is read: the inbound resource (\`timestamp\`: Meta's; \`attribution\`, \`message_id\`: the message it answers; \`conversation_id\`) with \`cursor\`. ${EXPORT_DESCRIPTION}`,
    responses: { 200: { description: 'The inbound messages, as they are read (a stream).', bodies: exportBodies(InboundExportRow, 'inbound message') } },
  })
  async export(@Query() query: ExportQueryDto, @Res() reply: HttpReply): Promise<void> {
    await this.exports.exportInbound(query, reply);
  }
}
