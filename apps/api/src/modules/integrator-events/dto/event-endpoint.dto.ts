import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsISO8601, IsOptional, IsString, Length, Max, MaxLength, Min } from 'class-validator';
import { INTEGRATOR_EVENT_TYPES, type IntegratorEventType } from '@sendbook/queue';

/** `POST /v1/event-endpoints`. */
export class CreateEventEndpointDto {
  /** http(s); loopback and private addresses are refused unless EVENT_ENDPOINTS_ALLOW_PRIVATE=true. */
  @IsString()
  @Length(1, 2000)
  url!: string;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(INTEGRATOR_EVENT_TYPES.length)
  @IsIn(INTEGRATOR_EVENT_TYPES, { each: true })
  events!: IntegratorEventType[];

  @IsOptional()
  @IsString()
  @MaxLength(500)
  description?: string;
}

/** `PATCH /v1/event-endpoints/{id}`: any of these. */
export class UpdateEventEndpointDto {
  @IsOptional()
  @IsString()
  @Length(1, 2000)
  url?: string;

  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(INTEGRATOR_EVENT_TYPES.length)
  @IsIn(INTEGRATOR_EVENT_TYPES, { each: true })
  events?: IntegratorEventType[];

  @IsOptional()
  @IsString()
  @MaxLength(500)
  description?: string;

  /** `false` pauses deliveries (events meanwhile are not owed; `recover` fetches them); `true` resumes. */
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}

/** `POST /v1/event-endpoints/{id}/recover`. */
export class RecoverEventsDto {
  /** Every event since then the endpoint has not received is owed again. */
  @IsISO8601({ strict: true })
  since!: string;
}

/** `GET /v1/event-endpoints/{id}/deliveries`. */
export class DeliveriesQueryDto {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  limit?: number;

  @IsOptional()
  @IsIn(['pending', 'delivering', 'delivered', 'failed'])
  state?: 'pending' | 'delivering' | 'delivered' | 'failed';
}
