import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { RESOLVE_ACTIONS, type ResolveAction } from '@sendbook/queue';

export class ResolveMessageDto {
  @IsIn(RESOLVE_ACTIONS)
  action!: ResolveAction;

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  note?: string;
}
