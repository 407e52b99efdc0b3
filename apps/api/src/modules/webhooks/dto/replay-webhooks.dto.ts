import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsDate, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';

/** `POST /v1/webhooks/replay`: by ids, or by a receive-time range [since, until). */
export class ReplayWebhooksDto {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10_000)
  @IsUUID('all', { each: true })
  ids?: string[];

  @IsOptional()
  @Type(() => Date)
  @IsDate()
  since?: Date;

  @IsOptional()
  @Type(() => Date)
  @IsDate()
  until?: Date;

  @IsOptional()
  @IsBoolean()
  include_poison?: boolean;

  /** Why (e.g. the parser fix it follows); kept with each poison delivery replayed. */
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  note?: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(10_000)
  limit?: number;
}
