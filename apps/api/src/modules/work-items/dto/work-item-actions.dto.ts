import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Length, Max, MaxLength, Min } from 'class-validator';
import { QueueFilterFields } from './work-items-query.dto.js';

/** `POST /v1/work-items/{kind}/{id}/dismiss`: why it needs nothing more. */
export class DismissWorkItemDto {
  @IsString()
  @Length(1, 2000)
  note!: string;
}

export const BULK_ACTIONS = ['mark_sent', 'retry', 'cancel', 'resend', 'dismiss', 'replay', 'resolve'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/**
 * `POST /v1/work-items/{kind}/bulk`: one action on every open item the filters select. First with
 * `dry_run: true` for the count; then for real, with that count as `expected` so a queue that grew
 * meanwhile is not acted on blindly.
 */
export class BulkWorkItemsDto extends QueueFilterFields {
  @IsIn(BULK_ACTIONS)
  action!: BulkAction;

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  note?: string;

  @IsOptional()
  @IsBoolean()
  dry_run?: boolean;

  /** The dry run's count: refused if the selection no longer matches it. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(100_000)
  expected?: number;
}
