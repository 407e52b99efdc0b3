import { IsOptional, IsString, Length, Matches } from 'class-validator';

/** `GET /v1/templates?status=&name=&language=` */
export class ListTemplatesDto {
  @IsOptional()
  @Matches(/^[A-Z_]{1,40}$/, { message: 'status must be a Meta template status such as APPROVED' })
  status?: string;

  @IsOptional()
  @IsString()
  @Length(1, 512)
  name?: string;

  @IsOptional()
  @Matches(/^[a-z]{2,3}(_[A-Z]{2})?$/, { message: 'language must be a language code such as en or en_US' })
  language?: string;
}
