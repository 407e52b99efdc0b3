import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { DEFAULT_KEEP_OLD_HOURS, INTEGRATOR_EVENT_TYPES, MAX_ENDPOINT_RATE_PER_SECOND, MAX_KEEP_OLD_HOURS, type IntegratorEventType } from '@sendbook/queue';

const Given = () => ValidateIf((_object: unknown, value: unknown) => value !== undefined);
const GivenNotNull = () => ValidateIf((_object: unknown, value: unknown) => value !== undefined && value !== null);

/** Each list of a filter names at most this many values. */
export const MAX_FILTER_VALUES = 100;

/**
 * Which events of its types an endpoint takes. Each list given narrows one dimension; an event
 * passes when it matches every one given. An event about no number in particular (an account-wide
 * alert) passes `phone_number_ids`; an event about no message passes neither `purposes` nor `campaigns`.
 */
export class EventEndpointFilterDto {
  @Given()
  @IsArray({ message: 'phone_number_ids must be a list' })
  @ArrayMinSize(1, { message: 'phone_number_ids must name at least one number; leave it out to take every number' })
  @ArrayMaxSize(MAX_FILTER_VALUES)
  @ArrayUnique({ message: 'phone_number_ids must not repeat a number' })
  @Matches(/^\d{1,32}$/, { each: true, message: 'each of phone_number_ids must be a phone number id (digits)' })
  @JSONSchema({
    description:
      'Business numbers (`phone_number_id`): events about these numbers, and events about no number in particular (account-wide alerts, unreadable webhook bodies).',
  })
  phone_number_ids?: string[];

  @Given()
  @IsArray({ message: 'purposes must be a list' })
  @ArrayMinSize(1, { message: 'purposes must name at least one purpose; leave it out to take every purpose' })
  @ArrayMaxSize(MAX_FILTER_VALUES)
  @ArrayUnique({ message: 'purposes must not repeat a purpose' })
  @Matches(/^[a-zA-Z0-9][a-zA-Z0-9_.:-]{0,99}$/, { each: true, message: 'each of purposes must be 1-100 letters, digits, _ . : -' })
  @JSONSchema({
    description:
      'Message purposes: events about an outbound message of one of these purposes (its state changes and work items, and the replies attributed to it). Events about no message do not pass.',
  })
  purposes?: string[];

  @Given()
  @IsArray({ message: 'campaigns must be a list' })
  @ArrayMinSize(1, { message: 'campaigns must name at least one campaign; leave it out to take every campaign' })
  @ArrayMaxSize(MAX_FILTER_VALUES)
  @ArrayUnique({ message: 'campaigns must not repeat a campaign' })
  @IsString({ each: true, message: 'each of campaigns must be a string' })
  @Length(1, 100, { each: true, message: 'each of campaigns must be 1-100 characters' })
  @JSONSchema({
    description: 'Campaigns (`campaign` of `POST /v1/messages`): events about a message of one of these campaigns, and the replies attributed to it.',
  })
  campaigns?: string[];
}

const FILTER_SCHEMA = {
  type: ['object', 'null'],
  description:
    'Which events of its types it takes: each list given narrows one dimension, an event must match every one given. Null or `{}`: every event of its types.',
} as const;
const RATE_SCHEMA = {
  type: ['integer', 'null'],
  description: `At most this many POSTs per second (1 to ${MAX_ENDPOINT_RATE_PER_SECOND}), evenly spaced, across every worker; events wait (no attempt spent) and keep their order. Null or absent: no limit.`,
} as const;

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

  @IsOptional()
  @IsObject({ message: 'filter must be an object' })
  @ValidateNested()
  @Type(() => EventEndpointFilterDto)
  @JSONSchema(FILTER_SCHEMA as never)
  filter?: EventEndpointFilterDto | null;

  @IsOptional()
  @IsInt({ message: 'rate_per_second must be a whole number' })
  @Min(1)
  @Max(MAX_ENDPOINT_RATE_PER_SECOND)
  @JSONSchema(RATE_SCHEMA as never)
  rate_per_second?: number | null;
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

  /** Replaces the whole filter (lists not given are no longer narrowed); null takes every event of its types again. */
  @GivenNotNull()
  @IsObject({ message: 'filter must be an object or null' })
  @ValidateNested()
  @Type(() => EventEndpointFilterDto)
  @JSONSchema(FILTER_SCHEMA as never)
  filter?: EventEndpointFilterDto | null;

  @GivenNotNull()
  @IsInt({ message: 'rate_per_second must be a whole number' })
  @Min(1)
  @Max(MAX_ENDPOINT_RATE_PER_SECOND)
  @JSONSchema(RATE_SCHEMA as never)
  rate_per_second?: number | null;
}

/** `POST /v1/event-endpoints/{id}/rotate-secret`. */
export class RotateSecretDto {
  @Given()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'keep_old_for_hours must be a number of hours' })
  @Min(0)
  @Max(MAX_KEEP_OLD_HOURS)
  @JSONSchema({
    description: `How long the secret being replaced keeps signing beside the new one (0 to ${MAX_KEEP_OLD_HOURS} hours, fractions allowed; default ${DEFAULT_KEEP_OLD_HOURS}). 0: only the new one signs from now on, and earlier secrets still in an overlap stop too (a leaked secret).`,
  })
  keep_old_for_hours?: number;
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
