import { ArrayMaxSize, ArrayMinSize, IsArray } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

/** The most messages one batch may carry (the contract's 1..1,000). */
export const MAX_BATCH_MESSAGES = 1000;

/**
 * `POST /v1/messages/batch`. Only the list is checked here: each item is checked on its own
 * against CreateMessageDto by the service, so one bad item is refused alone, never the batch.
 */
export class CreateMessageBatchDto {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_BATCH_MESSAGES)
  @JSONSchema({ items: { $ref: '#/components/schemas/CreateMessageDto' }, description: 'each item the body of `POST /v1/messages`' })
  messages!: unknown[];
}
