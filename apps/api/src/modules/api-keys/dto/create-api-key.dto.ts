import { ArrayMinSize, IsArray, IsIn, IsString, Length } from 'class-validator';
import { API_KEY_SCOPES, type ApiKeyScope } from '../../../common/auth/principal.js';

/** `POST /v1/api-keys`. */
export class CreateApiKeyDto {
  @IsString()
  @Length(1, 200)
  name!: string;

  @IsArray()
  @ArrayMinSize(1)
  @IsIn(API_KEY_SCOPES, { each: true })
  scopes!: ApiKeyScope[];
}
