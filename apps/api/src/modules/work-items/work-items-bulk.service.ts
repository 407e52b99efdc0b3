import { Inject, Injectable } from '@nestjs/common';
import { actorOf, type Principal } from '../../common/auth/principal.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { AlertsService } from '../alerts/alerts.service.js';
import { MessageFollowUpsService } from '../outbox/message-follow-ups.service.js';
import { OutboxService } from '../outbox/outbox.service.js';
import { WebhooksService } from '../webhooks/webhooks.service.js';
import type { BulkAction, BulkWorkItemsDto } from './dto/work-item-actions.dto.js';
import type { WorkItemKind } from './dto/work-items-query.dto.js';
import { WorkItemsRepository } from './work-items.repository.js';
import { WorkItemsService } from './work-items.service.js';

/** Which bulk actions each queue takes: the same as its items' own buttons. */
const ALLOWED: Readonly<Record<WorkItemKind, readonly BulkAction[]>> = {
  stuck_sending: ['mark_sent', 'retry', 'cancel'],
  failed: ['resend', 'retry', 'dismiss'],
  held: ['retry', 'cancel'],
  poison_webhook: ['replay', 'dismiss'],
  alert: ['resolve'],
  unattributed_inbound: [],
  // A customer waiting past target is answered in the thread, one at a time.
  waiting_customer: [],
};

/**
 * One action on every open item a filter selects: counted first (a dry run says "this will retry
 * 37 rows of number X"), then done item by item through the same services as a single click, each
 * audited with the person and the note; refused beyond WORK_ITEMS_BULK_MAX.
 */
@Injectable()
export class WorkItemsBulkService {
  constructor(
    private readonly repo: WorkItemsRepository,
    private readonly items: WorkItemsService,
    private readonly outbox: OutboxService,
    private readonly followUps: MessageFollowUpsService,
    private readonly webhooks: WebhooksService,
    private readonly alerts: AlertsService,
    private readonly logger: JsonLogger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async run(kind: WorkItemKind, dto: BulkWorkItemsDto, by: Principal) {
    if (!ALLOWED[kind].includes(dto.action)) {
      throw DomainError.validation([
        { field: 'action', message: ALLOWED[kind].length ? `${kind} takes ${ALLOWED[kind].join(', ')}` : `${kind} items are decided one at a time` },
      ]);
    }
    const max = this.config.workItems.bulkMax;
    const { limit: _limit, ...filter } = this.items.filter(dto);
    const ids = await this.repo.openIds(kind, filter, this.items.stuckBefore(), max);
    if (ids.length > max) throw DomainError.validation([{ field: 'filter', message: `selects more than ${max} items (WORK_ITEMS_BULK_MAX): narrow it` }]);
    if (dto.dry_run) return { kind, action: dto.action, dry_run: true, count: ids.length, ids, done: 0, failed: [] };
    if (dto.expected !== undefined && dto.expected !== ids.length) {
      throw DomainError.validation([{ field: 'expected', message: `the selection now has ${ids.length} items, not ${dto.expected}: run the dry run again` }]);
    }
    const failed: { id: string; error: string }[] = [];
    let done = 0;
    for (const id of ids) {
      try {
        await this.one(kind, dto.action, id, dto.note ?? null, by);
        done += 1;
      } catch (error) {
        // A domain refusal says what to do; anything else (the database's own words) stays in the log.
        if (!(error instanceof DomainError)) this.logger.event('error', 'work_items.bulk_item_failed', { kind, action: dto.action, id, error });
        failed.push({ id, error: error instanceof DomainError ? error.message : 'internal error (the API log has the cause, under this request id)' });
      }
    }
    return { kind, action: dto.action, dry_run: false, count: ids.length, ids, done, failed };
  }

  private async one(kind: WorkItemKind, action: BulkAction, id: string, note: string | null, by: Principal): Promise<void> {
    if (action === 'dismiss') await this.items.dismiss(kind, id, note ?? 'dismissed in bulk', by);
    else if (action === 'resend') await this.followUps.resend(id, note, by);
    else if (action === 'replay') await this.webhooks.replay({ ids: [id], includePoison: true, note }, actorOf(by));
    else if (action === 'resolve') await this.alerts.resolveById(id, actorOf(by), note);
    else await this.outbox.resolve(id, action, note, actorOf(by));
  }
}
