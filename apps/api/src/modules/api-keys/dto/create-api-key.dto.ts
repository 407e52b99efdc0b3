import { ArrayMinSize, IsArray, IsIn, IsISO8601, IsOptional, IsString, Length } from 'class-validator';
import { API_KEY_SCOPES, type ApiKeyScope } from '../../../common/auth/principal.js';
import { UpdateApiKeyDto } from './update-api-key.dto.js';

/** `POST /v1/api-keys`. */
export class CreateApiKeyDto extends UpdateApiKeyDto {
  @IsString()
  @Length(1, 200)
  name!: string;

  @IsArray()
  @ArrayMinSize(1)
  @IsIn(API_KEY_SCOPES, { each: true })
  scopes!: ApiKeyScope[];

  /** The integrator this key belongs to (a new key for the same order system names the same one); default: its name. */
  @IsOptional()
  @IsString()
  @Length(1, 200)
  integration?: string;

  /** When the key stops working (ISO 8601, in the future); none: until revoked. */
  @IsOptional()
  @IsISO8601({ strict: true })
  expires_at?: string;
}
