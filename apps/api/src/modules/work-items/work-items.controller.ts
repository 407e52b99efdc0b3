import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiKeyGuard } from '../../common/auth/api-key.guard.js';
import { WorkItemsQuery } from './dto/work-items-query.dto.js';
import { WorkItemsService } from './work-items.service.js';

/** The OpenAPI document reads the kinds from here. */
export { WORK_ITEM_KINDS } from './dto/work-items-query.dto.js';

@Controller('v1/work-items')
@UseGuards(ApiKeyGuard)
export class WorkItemsController {
  constructor(private readonly workItems: WorkItemsService) {}

  @Get()
  list(@Query() query: WorkItemsQuery) {
    return this.workItems.list(query.kind, query.limit);
  }
}
