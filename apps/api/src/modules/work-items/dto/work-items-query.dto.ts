import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';

export const WORK_ITEM_KINDS = ['stuck_sending', 'failed', 'held', 'poison_webhook', 'unattributed_inbound', 'alert'] as const;
export type WorkItemKind = (typeof WORK_ITEM_KINDS)[number];

export class WorkItemsQuery {
  @IsIn(WORK_ITEM_KINDS)
  kind!: WorkItemKind;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  limit?: number;
}
