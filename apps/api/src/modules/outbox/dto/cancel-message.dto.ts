import { IsString, Length } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

/** `POST /v1/messages/cancel`: the message named by the key it was enqueued with. */
export class CancelByKeyDto {
  @IsString()
  @Length(1, 255)
  @JSONSchema({ description: 'The `dedupe_key` the message was enqueued with.' })
  dedupe_key!: string;
}
