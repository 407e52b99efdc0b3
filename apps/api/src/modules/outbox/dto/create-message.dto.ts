import { Type } from 'class-transformer';
import { IsDate, IsInt, IsObject, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

/** `POST /v1/messages`. The payload's inner shape is checked by validatePayload (libs/queue). */
export class CreateMessageDto {
  @IsString()
  @Length(1, 255)
  dedupe_key!: string;

  /** The customer's phone number; or give `recipient`. Exactly one of the two. */
  @IsOptional()
  @IsString()
  @Length(1, 64)
  @JSONSchema({ description: "The customer's phone number, normalised once to E.164. Exactly one of `to` or `recipient` is required." })
  to?: string;

  /** A user known only by a business-scoped user id (a username user, 2026): sent as Meta's `recipient`. */
  @IsOptional()
  @IsString()
  @Length(1, 140)
  @JSONSchema({
    description:
      "The customer's business-scoped user id (BSUID, e.g. `US.13491208655302741918`) for a user known only by username: sent to Meta as `recipient`. Exactly one of `to` or `recipient` is required.",
  })
  recipient?: string;

  @IsString()
  @Matches(/^[a-zA-Z0-9][a-zA-Z0-9_.:-]{0,99}$/, { message: 'purpose must be 1-100 letters, digits, _ . : -' })
  purpose!: string;

  @IsOptional()
  @IsString()
  @Length(1, 255)
  trigger_ref?: string;

  /** Groups the messages of one send-out (a batch, a promotion) for its campaign view. */
  @IsOptional()
  @IsString()
  @Length(1, 100)
  campaign?: string;

  @IsObject()
  @JSONSchema({
    description:
      'The Cloud API message object as Meta documents it, without `messaging_product`, `recipient_type` and `to` (Sendbook sets them): `type` plus its object — `text`, `template` (header media by id or link, URL, copy-code and quick-reply buttons, `carousel` cards), `interactive` (`button`, `list`, `cta_url`, `flow`, `location_request_message`, `product`, `product_list`, `catalog_message`), `image`, `audio`, `video`, `document`, `sticker`, `location`, `reaction` or `contacts` (an array of cards). Checked before a row exists: a problem answers 400 naming the field, e.g. `payload.interactive.action.parameters.url`.',
  })
  payload!: Record<string, unknown>;

  @IsOptional()
  @IsInt()
  @Min(-1000)
  @Max(1000)
  priority?: number;

  @IsOptional()
  @Type(() => Date)
  @IsDate({ message: 'not_before must be an ISO 8601 date-time' })
  not_before?: Date;

  @IsOptional()
  @Type(() => Date)
  @IsDate({ message: 'expires_at must be an ISO 8601 date-time' })
  @JSONSchema({
    type: 'string',
    format: 'date-time',
    description:
      'Not sent after this time: a row not claimed for sending by then becomes `cancelled` with `last_error.code` `expired` (one `message.state_changed`), never sent afterwards. Must be after `not_before` when both are given; a time already past makes the row expire at once (a retry of the same request still deduplicates). A Direct Send message passes the time left on to Meta as `ttl_seconds`.',
  })
  expires_at?: Date;

  @IsOptional()
  @IsString()
  @Matches(/^\d{1,32}$/, { message: 'phone_number_id must be digits' })
  phone_number_id?: string;

  @IsOptional()
  @IsObject()
  fallback_template?: Record<string, unknown>;
}
