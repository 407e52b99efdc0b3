import { Controller, Get, Query } from '@nestjs/common';
import { Access } from '../../common/auth/access.decorator.js';
import { ApiOperation, ApiTag } from '../../contract/api-operation.decorator.js';
import { TAGS } from '../../contract/tags.js';
import { WorkItemsQuery } from './dto/work-items-query.dto.js';
import { WorkItemList } from './work-items.schemas.js';
import { WorkItemsService } from './work-items.service.js';

@ApiTag(TAGS.workItems)
@Controller('v1/work-items')
@Access('agent')
export class WorkItemsController {
  constructor(private readonly workItems: WorkItemsService) {}

  @Get()
  @ApiOperation({ id: 'listWorkItems', summary: 'List the work items of one kind', responses: { 200: { description: 'The items of that kind.', body: WorkItemList } } })
  list(@Query() query: WorkItemsQuery) {
    return this.workItems.list(query.kind, query.limit);
  }
}
