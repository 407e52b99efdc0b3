import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { ATTRIBUTIONS, type Attribution } from '@sendbook/queue';

export class ListInboundDto {
  @IsOptional()
  @IsIn(ATTRIBUTIONS)
  attribution?: Attribution;

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
