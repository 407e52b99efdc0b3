import { IsArray, IsIn, IsObject, IsOptional, IsString } from 'class-validator';

/**
 * `POST /v1/templates`: a template for Meta's review, in Meta's own create shape. The types are
 * checked here; Meta's format rules (name, variables and their examples, lengths, buttons) by
 * `checkTemplateDraft` (@sendbook/api-contract), each refusal naming its field.
 */
export class CreateTemplateDto {
  /** lowercase letters, digits and underscores, at most 512 */
  @IsString()
  name!: string;

  /** a language code such as en or en_US */
  @IsString()
  language!: string;

  @IsString()
  @IsIn(['UTILITY', 'MARKETING', 'AUTHENTICATION', 'utility', 'marketing', 'authentication'], {
    message: 'category must be UTILITY, MARKETING or AUTHENTICATION',
  })
  category!: string;

  /** POSITIONAL ({{1}}) or NAMED ({{first_name}}); read from the variables when left out */
  @IsOptional()
  @IsIn(['POSITIONAL', 'NAMED'])
  parameter_format?: string;

  /** HEADER, BODY, FOOTER and BUTTONS components as Meta takes them */
  @IsArray()
  @IsObject({ each: true })
  components!: Record<string, unknown>[];
}

/** `PATCH /v1/templates/{id}`: what Meta lets an edit change, its components and (unless approved) its category. */
export class EditTemplateDto {
  @IsOptional()
  @IsString()
  @IsIn(['UTILITY', 'MARKETING', 'AUTHENTICATION', 'utility', 'marketing', 'authentication'], {
    message: 'category must be UTILITY, MARKETING or AUTHENTICATION',
  })
  category?: string;

  @IsOptional()
  @IsArray()
  @IsObject({ each: true })
  components?: Record<string, unknown>[];
}
