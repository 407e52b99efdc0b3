import { IsOptional, IsString, Length, Matches } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

/** `PATCH /v1/snippets/{id}`: what is given changes, the rest stays. */
export class UpdateSnippetDto {
  @IsOptional()
  @IsString()
  @Length(1, 100)
  @Matches(/\S/, { message: 'title must not be blank' })
  @JSONSchema({ description: 'What agents find it by; unique.' })
  title?: string;

  @IsOptional()
  @IsString()
  @Length(1, 4096)
  @Matches(/\S/, { message: 'text must not be blank' })
  @JSONSchema({ description: 'The answer, with its variables (as for creation).' })
  text?: string;
}
