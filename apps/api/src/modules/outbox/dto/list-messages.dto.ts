import { IsIn, IsOptional, IsString } from 'class-validator';
import { PageQueryDto } from '../../../common/dto/page-query.dto.js';
import { OUTBOX_STATES, type OutboxState } from '@sendbook/queue';

export class ListMessagesDto extends PageQueryDto {
  @IsOptional()
  @IsString()
  dedupe_key?: string;

  @IsOptional()
  @IsString()
  trigger_ref?: string;

  @IsOptional()
  @IsString()
  campaign?: string;

  @IsOptional()
  @IsIn(OUTBOX_STATES)
  state?: OutboxState;
}
