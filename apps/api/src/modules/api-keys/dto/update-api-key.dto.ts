import { ArrayMaxSize, IsArray, IsInt, IsOptional, Matches, Max, Min, ValidateIf } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

/** `PATCH /v1/api-keys/{id}`, and part of `POST`: the limits given are set (null lifts one); those left out stay. */
export class UpdateApiKeyDto {
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsArray()
  @ArrayMaxSize(100)
  @Matches(/^\d{1,32}$/, { each: true, message: 'each phone_number_id must be digits' })
  @JSONSchema({
    description:
      'The business numbers (`phone_number_id`) it may send from; a message without one goes from the default number if allowed, else the first of these. Null or absent: any.',
    type: ['array', 'null'],
  })
  phone_number_ids?: string[] | null;

  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsInt()
  @Min(-1000)
  @Max(1000)
  @JSONSchema({
    description: 'The highest `priority` it may ask for. Absent or null: 99 for a `send` key (agent replies go at 100), no limit for an `admin` key.',
    type: ['integer', 'null'],
  })
  max_priority?: number | null;

  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsInt()
  @Min(1)
  @Max(100_000)
  @JSONSchema({
    description: "Requests per minute: a minute's worth at once, then evenly; beyond it `429 rate_limited` with `Retry-After`. Null or absent: no limit.",
    type: ['integer', 'null'],
  })
  rate_per_minute?: number | null;
}
