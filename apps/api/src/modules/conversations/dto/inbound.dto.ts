import { IsIn, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../../common/dto/page-query.dto.js';
import { ATTRIBUTIONS, type Attribution } from '@sendbook/queue';

export class ListInboundDto extends PageQueryDto {
  @IsOptional()
  @IsIn(ATTRIBUTIONS)
  attribution?: Attribution;
}

/** `POST /v1/inbound/{id}/attribute`: `{message_id}` or `{conversation_id}`, optional note. */
export class AttributeInboundDto {
  @IsOptional()
  @IsUUID()
  message_id?: string;

  @IsOptional()
  @IsUUID()
  conversation_id?: string;

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  note?: string;
}
