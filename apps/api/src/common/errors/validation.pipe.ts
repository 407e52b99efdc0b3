import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { DomainError, type FieldProblem } from './domain-error.js';

/** class-validator on every DTO; each problem names its field with a dotted path. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => DomainError.validation(flatten(errors)),
  });
}

function flatten(errors: readonly ValidationError[], parent = ''): FieldProblem[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...flatten(error.children ?? [], field)];
  });
}
