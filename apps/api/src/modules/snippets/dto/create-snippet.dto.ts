import { IsString, Length, Matches } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

/** `POST /v1/snippets`. */
export class CreateSnippetDto {
  @IsString()
  @Length(1, 100)
  @Matches(/\S/, { message: 'title must not be blank' })
  @JSONSchema({ description: 'What agents find it by (typing `/` in the composer); unique.' })
  title!: string;

  @IsString()
  @Length(1, 4096)
  @Matches(/\S/, { message: 'text must not be blank' })
  @JSONSchema({
    description:
      'The answer (at most 4,096 characters, WhatsApp’s limit for a text message). Variables in double braces are filled when an agent inserts it: `{{contact.name}}`, `{{contact.phone}}`, `{{agent.name}}`, `{{last_message.trigger_ref}}`; any other name is refused.',
  })
  text!: string;
}
