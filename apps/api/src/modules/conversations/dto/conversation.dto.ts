import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
  IsUUID,
  Length,
  Matches,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { PageQueryDto } from '../../../common/dto/page-query.dto.js';
import { CONVERSATION_STATES, type ConversationState } from '../conversation.entity.js';

export const CONVERSATION_VIEWS = ['mine', 'unassigned', 'all'] as const;
export type ConversationView = (typeof CONVERSATION_VIEWS)[number];

/** The list's state filter: `open` leaves snoozed threads out, `snoozed` shows only them (they are open too). */
export const CONVERSATION_LIST_STATES = [...CONVERSATION_STATES, 'snoozed'] as const;
export type ConversationListState = (typeof CONVERSATION_LIST_STATES)[number];

export class ListConversationsDto extends PageQueryDto {
  @IsOptional()
  @IsIn(CONVERSATION_LIST_STATES)
  state?: ConversationListState;

  /** Only threads carrying this label (compared as stored: lower-case, trimmed). */
  @IsOptional()
  @IsString()
  @Length(1, 100)
  label?: string;

  /** `mine`: assigned to the signed-in staff member; `unassigned`; `all` (the default). */
  @IsOptional()
  @IsIn(CONVERSATION_VIEWS)
  view?: ConversationView;

  /** A name or a phone number, or part of one. */
  @IsOptional()
  @IsString()
  @Length(1, 100)
  q?: string;

  /** `open`: only threads whose 24 h window is open now (free text may be sent). */
  @IsOptional()
  @IsIn(['open'])
  window?: 'open';

  @IsOptional()
  @IsString()
  assignee?: string;
}

/** `POST /v1/conversations`: open (or find) the thread with a phone number. */
export class OpenConversationDto {
  @IsString()
  @Length(1, 64)
  to!: string;

  @IsOptional()
  @IsString()
  @Matches(/^\d{1,32}$/, { message: 'phone_number_id must be digits' })
  phone_number_id?: string;
}

export class UpdateConversationDto {
  @IsOptional()
  @IsIn(CONVERSATION_STATES)
  state?: ConversationState;

  /** A staff member's id, or null to unassign. */
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsUUID('all', { message: "assignee must be a staff member's id (or null)" })
  @JSONSchema({ type: ['string', 'null'], format: 'uuid', description: "a staff member's id, or null to unassign" })
  assignee?: string | null;
}

/** `PUT /v1/conversations/{id}/labels`: the whole set (an empty array removes them all). Each item is checked by normalizeLabels. */
export class ReplaceLabelsDto {
  @IsArray()
  @JSONSchema({ type: 'array', items: { type: 'string', minLength: 1, maxLength: 40 }, maxItems: 20, description: 'the labels, replacing the ones it had' })
  labels!: unknown[];
}

/** `POST /v1/conversations/{id}/snooze`: `{"until": "<ISO time>"}` or `{"until": "customer_reply"}`. */
export class SnoozeDto {
  @IsString()
  @Length(1, 64)
  @JSONSchema({
    type: 'string',
    description: 'an ISO 8601 time with its offset, in the future and within a year; or `customer_reply`: until the customer writes',
    examples: ['2026-12-02T09:00:00+01:00', 'customer_reply'],
  })
  until!: string;
}

/** `GET /v1/conversations/{id}/timeline?before=&limit=`. */
export class TimelineQueryDto {
  @IsOptional()
  @IsString()
  before?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  limit?: number;
}

/** `POST /v1/conversations/{id}/notes`. */
export class AddNoteDto {
  @IsString()
  @Length(1, 4096)
  text!: string;
}

/** `POST /v1/conversations/{id}/replies`: `{text}` or `{template}`, optional `reply_to` and `client_request_id`. */
/** A file to send: one uploaded by `POST /v1/uploads`, or a link WhatsApp fetches itself. */
export class ReplyMediaDto {
  @ValidateIf((m: ReplyMediaDto) => m.link === undefined)
  @IsUUID('all', { message: 'upload_id must be the id POST /v1/uploads answered (or give link instead)' })
  upload_id?: string;

  /** An https URL WhatsApp downloads (its path must end in an extension WhatsApp takes); an upload is kept by Sendbook, a link is not. */
  @IsOptional()
  @IsUrl({ protocols: ['https'], require_protocol: true }, { message: 'link must be an https URL' })
  @Length(1, 2048)
  link?: string;

  /** Shown under an image, a video or a document; refused for audio and stickers, which WhatsApp shows without one. */
  @IsOptional()
  @IsString()
  @Length(1, 1024)
  caption?: string;

  /** The name the customer sees for a document (default: the uploaded file's name). */
  @IsOptional()
  @IsString()
  @Length(1, 240)
  filename?: string;

  /** An OGG/Opus recording sent as a voice message (played inline, the blue microphone when played). */
  @IsOptional()
  @IsBoolean()
  voice?: boolean;
}

export class AgentReplyDto {
  @IsOptional()
  @IsString()
  @Length(1, 4096)
  text?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => ReplyMediaDto)
  media?: ReplyMediaDto;

  @IsOptional()
  @IsObject()
  template?: Record<string, unknown>;

  @IsOptional()
  @IsString()
  @Length(1, 255)
  reply_to?: string;

  /** The same id twice is the same reply; also accepted as the `Idempotency-Key` header. */
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9_.:-]{1,128}$/, { message: 'client_request_id must be 1-128 letters, digits, _ . : -' })
  client_request_id?: string;
}

/** `POST /v1/conversations/{id}/reactions`: `{message_id, emoji}`; an empty emoji takes the reaction back. */
export class AgentReactionDto {
  /** A message of the thread: an inbound message's id or wamid, or one of ours (id or wamid) WhatsApp accepted. */
  @IsString()
  @Length(1, 255)
  message_id!: string;

  /** One emoji, or "" to remove the reaction. */
  @IsString()
  @Length(0, 32)
  emoji!: string;

  /** The same id twice is the same reaction; also accepted as the `Idempotency-Key` header. */
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9_.:-]{1,128}$/, { message: 'client_request_id must be 1-128 letters, digits, _ . : -' })
  client_request_id?: string;
}
