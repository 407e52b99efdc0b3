import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { Access } from '../../common/auth/access.decorator.js';
import { CurrentPrincipal } from '../../common/auth/current-principal.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { ApiOperation, ApiTag } from '../../contract/api-operation.decorator.js';
import { oneOfValues } from '../../contract/schema.js';
import { TAGS } from '../../contract/tags.js';
import { BulkWorkItemsDto, DismissWorkItemDto } from './dto/work-item-actions.dto.js';
import { WORK_ITEM_KINDS, WorkItemsQuery, type WorkItemKind } from './dto/work-items-query.dto.js';
import { WorkItemsBulkService } from './work-items-bulk.service.js';
import { BulkResult, Dismissed, WorkItemCounts, WorkItemList } from './work-items.schemas.js';
import { WorkItemsService } from './work-items.service.js';

const KIND = { kind: { description: 'the queue', schema: oneOfValues(WORK_ITEM_KINDS) } };

@ApiTag(TAGS.workItems)
@Controller('v1/work-items')
@Access('agent')
export class WorkItemsController {
  constructor(
    private readonly workItems: WorkItemsService,
    private readonly bulk: WorkItemsBulkService,
  ) {}

  @Get()
  @ApiOperation({
    id: 'listWorkItems',
    summary: 'The items of one queue, open or resolved',
    description:
      'Oldest first by default. Filters: `phone_number_id`, `purpose`, `error_code` (of the last error), `older_than` (`30m`, `2h`, `1d`), `before` (waiting already at that instant: a chart point); `status=resolved` lists the decisions taken (who, when, the note). `waiting_customer`: conversations whose customer waits past the team’s response target, oldest breach first, with who holds each and how long the customer has waited; its resolved items are the waits that ended (replied, by whom, or closed), newest first unless `sort` says otherwise; `phone_number_id`, `older_than` and `before` apply (to the breach, or to the end of the wait).',
    params: {
      status: '`open` (default) or `resolved`',
      older_than: 'only items waiting at least this long',
      before: 'only items already waiting at this instant (ISO 8601)',
      error_code: "Meta's (or our) code of the last error",
      sort: '`oldest` (default) or `newest`',
      cursor: '`next_cursor` of the previous page',
    },
    responses: { 200: { description: 'A page of the queue.', body: WorkItemList } },
  })
  list(@Query() query: WorkItemsQuery) {
    return this.workItems.list(query);
  }

  @Get('counts')
  @ApiOperation({
    id: 'countWorkItems',
    summary: 'Open items per queue, and how long the oldest has waited',
    responses: { 200: { description: 'Per queue.', body: WorkItemCounts } },
  })
  counts() {
    return this.workItems.counts();
  }

  @Post(':kind/:id/dismiss')
  @HttpCode(200)
  @Access('admin')
  @ApiOperation({
    id: 'dismissWorkItem',
    summary: 'Set aside a failed message or a poison webhook that needs nothing more',
    description: 'It leaves the open queue for the Resolved tab, with who, when and the note.',
    params: { ...KIND, id: 'the item’s id (the message or the delivery)' },
    errors: { 404: 'NotFound' },
    responses: { 200: { description: 'Dismissed.', body: Dismissed } },
  })
  dismiss(@Param('kind') kind: WorkItemKind, @Param('id') id: string, @Body() dto: DismissWorkItemDto, @CurrentPrincipal() by: Principal) {
    return this.workItems.dismiss(kind, id, dto.note, by);
  }

  @Post(':kind/bulk')
  @HttpCode(200)
  @Access('admin')
  @ApiOperation({
    id: 'bulkWorkItems',
    summary: 'One action on every open item a filter selects',
    description:
      '`dry_run: true` first: the count and the ids. Then for real, with `expected` set to that count (refused if the queue changed). At most `WORK_ITEMS_BULK_MAX` items; each is done and audited as a single click would be.',
    params: KIND,
    responses: { 200: { description: 'What it did (or would do).', body: BulkResult } },
  })
  runBulk(@Param('kind') kind: WorkItemKind, @Body() dto: BulkWorkItemsDto, @CurrentPrincipal() by: Principal) {
    return this.bulk.run(kind, dto, by);
  }
}
