import { IsBoolean, IsOptional } from 'class-validator';

export class ViewingDto {
  /** The agent is typing a reply (the inbox says so at most every few seconds while keys are pressed). */
  @IsOptional()
  @IsBoolean()
  typing?: boolean;
}
