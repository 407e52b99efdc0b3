import { ValidationPipe, type Type, type ValidationError } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate, type ValidatorOptions } from 'class-validator';
import { DomainError, type FieldProblem } from './domain-error.js';

/** Unknown fields are refused, not dropped: a misspelt field must not be silently ignored. */
const VALIDATOR_OPTIONS = { whitelist: true, forbidNonWhitelisted: true } as const satisfies ValidatorOptions;

/** class-validator on every DTO; each problem names its field with a dotted path. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    ...VALIDATOR_OPTIONS,
    transform: true,
    exceptionFactory: (errors) => DomainError.validation(flattenValidationErrors(errors)),
  });
}

/**
 * The pipe's check for a value that is not a whole request body (one item of a batch): the same
 * DTO, the same options, the same field names, so an item is refused exactly as its own request would be.
 */
export async function validateAs<T extends object>(dto: Type<T>, plain: unknown): Promise<{ ok: true; value: T } | { ok: false; problems: FieldProblem[] }> {
  if (typeof plain !== 'object' || plain === null || Array.isArray(plain))
    return { ok: false, problems: [{ field: 'body', message: 'must be a JSON object' }] };
  const value = plainToInstance(dto, plain);
  const errors = await validate(value, VALIDATOR_OPTIONS);
  return errors.length === 0 ? { ok: true, value } : { ok: false, problems: flattenValidationErrors(errors) };
}

function flattenValidationErrors(errors: readonly ValidationError[], parent = ''): FieldProblem[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...flattenValidationErrors(error.children ?? [], field)];
  });
}
