import 'reflect-metadata';
import { IsOptional, IsString } from 'class-validator';
import { CreateMessageDto } from '../modules/outbox/dto/create-message.dto.js';
import { contractDrift, generateContract, REGENERATE } from './generate-contract.js';

/**
 * The committed contract (libs/api-contract) is what the code generates. A DTO, route or response
 * schema changed without `npm run contract` fails here, with the command that fixes it.
 */
describe('libs/api-contract', () => {
  const contract = generateContract();

  it('is what the code generates', () => {
    // On failure jest prints the message, which says what to run.
    expect(contractDrift(contract).message).toBeNull();
  });

  it('documents every request field the validators accept', () => {
    const createMessage = contract.document.components.schemas.CreateMessage as {
      properties: Record<string, unknown>;
      required: string[];
      additionalProperties: boolean;
    };
    expect(Object.keys(createMessage.properties).sort()).toEqual([
      'campaign',
      'dedupe_key',
      'expires_at',
      'fallback_template',
      'not_before',
      'payload',
      'phone_number_id',
      'priority',
      'purpose',
      'recipient',
      'to',
      'trigger_ref',
    ]);
    // Exactly one of `to` and `recipient` (a BSUID): the service checks that, naming the field.
    expect(createMessage.required.sort()).toEqual(['dedupe_key', 'payload', 'purpose']);
    expect(createMessage.additionalProperties).toBe(false);
  });

  // Last: it adds a field to a DTO for the rest of this file.
  it('fails when a DTO field changes and the contract is not regenerated, naming the command', () => {
    IsOptional()(CreateMessageDto.prototype, 'colour');
    IsString()(CreateMessageDto.prototype, 'colour');
    const { drifted, message } = contractDrift(generateContract());
    expect(drifted.map((f) => f.replace(/^.*libs\/api-contract\//, ''))).toEqual(['openapi.json', 'src/openapi.ts']);
    expect(message).toBe(
      `The API contract is out of date with the code (libs/api-contract/openapi.json, libs/api-contract/src/openapi.ts differ from what the code generates): run \`${REGENERATE}\`.`,
    );
  });
});
