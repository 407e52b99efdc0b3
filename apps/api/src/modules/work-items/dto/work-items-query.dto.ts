import { Type } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

export const WORK_ITEM_KINDS = ['stuck_sending', 'failed', 'held', 'poison_webhook', 'unattributed_inbound', 'alert', 'waiting_customer'] as const;
export type WorkItemKind = (typeof WORK_ITEM_KINDS)[number];

/** Which items of a queue: shared by the list and by bulk actions. */
export class QueueFilterFields {
  @IsOptional()
  @Matches(/^\d{1,32}$/, { message: 'phone_number_id must be digits' })
  phone_number_id?: string;

  @IsOptional()
  @IsString()
  @Matches(/^[a-zA-Z0-9][a-zA-Z0-9_.:-]{0,99}$/, { message: 'purpose must be 1-100 letters, digits, _ . : -' })
  purpose?: string;

  /** Meta's (or our) error code of the last error, e.g. 131026 or window_closed. */
  @IsOptional()
  @Matches(/^[A-Za-z0-9_]{1,40}$/, { message: 'error_code must be a code such as 131026' })
  error_code?: string;

  /** Only items waiting at least this long: `30m`, `2h`, `1d`. */
  @IsOptional()
  @Matches(/^\d{1,5}[smhd]$/, { message: 'older_than must be a duration such as 30m, 2h or 1d' })
  older_than?: string;

  /** Only items already waiting at this instant (ISO 8601): what a chart point's time opens. */
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'before must be an ISO 8601 timestamp, e.g. 2026-11-30T10:00:00Z' })
  before?: string;
}

/** Filters and paging of a work queue; all of them live in the inbox's URL. */
export class WorkItemsQuery extends QueueFilterFields {
  @IsIn(WORK_ITEM_KINDS)
  kind!: WorkItemKind;

  /** `open` (the default): still to decide; `resolved`: decided, with who, when and the note. */
  @IsOptional()
  @IsIn(['open', 'resolved'])
  status?: 'open' | 'resolved';

  @IsOptional()
  @IsIn(['oldest', 'newest'])
  sort?: 'oldest' | 'newest';

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  limit?: number;

  @IsOptional()
  @IsString()
  cursor?: string;
}
