import { IsOptional, IsString, Length, MaxLength } from 'class-validator';

/** `POST /v1/numbers/{id}/resume`: why, kept in the audit trail. */
export class NumberNoteDto {
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  note?: string;
}

/** `POST /v1/numbers/{id}/pause`: why (required: a pause by hand must say what it waits for). */
export class PauseNumberDto {
  @IsString()
  @Length(1, 2000)
  note!: string;
}
