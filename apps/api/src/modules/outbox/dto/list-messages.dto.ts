import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { OUTBOX_STATES, type OutboxState } from '@sendbook/queue';

export class ListMessagesDto {
  @IsOptional()
  @IsString()
  dedupe_key?: string;

  @IsOptional()
  @IsString()
  trigger_ref?: string;

  @IsOptional()
  @IsIn(OUTBOX_STATES)
  state?: OutboxState;

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
