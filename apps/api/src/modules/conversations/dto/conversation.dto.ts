import { IsIn, IsObject, IsOptional, IsString, Length, Matches, MaxLength, ValidateIf } from 'class-validator';
import { PageQueryDto } from '../../../common/dto/page-query.dto.js';
import { CONVERSATION_STATES, type ConversationState } from '../conversation.entity.js';

export class ListConversationsDto extends PageQueryDto {
  @IsOptional()
  @IsIn(CONVERSATION_STATES)
  state?: ConversationState;

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

  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(255)
  assignee?: string | null;
}

/** `POST /v1/conversations/{id}/replies`: `{text}` or `{template}`, optional `reply_to` and `client_request_id`. */
export class AgentReplyDto {
  @IsOptional()
  @IsString()
  @Length(1, 4096)
  text?: string;

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
