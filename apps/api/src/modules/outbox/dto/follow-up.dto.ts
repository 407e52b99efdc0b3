import { IsObject, IsOptional, IsString, MaxLength } from 'class-validator';

/** `POST /v1/messages/{id}/resend`: why. */
export class ResendMessageDto {
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  note?: string;
}

/** `POST /v1/messages/{id}/release`: the template to send instead (else the message's own fallback), and why. */
export class ReleaseMessageDto {
  @IsOptional()
  @IsObject()
  template?: Record<string, unknown>;

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  note?: string;
}
