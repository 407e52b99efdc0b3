import { ErrorCode } from './error-code.js';

export interface FieldProblem {
  readonly field: string;
  readonly message: string;
}

/** An error the caller can act on. Services throw these; they never throw HTTP exceptions. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra top-level fields for the response body, e.g. the conflicting `message` resource. */
    readonly body: Record<string, unknown> = {},
    /** Response headers the answer needs, e.g. `Retry-After`. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }

  static validation(details: readonly FieldProblem[]): DomainError {
    return new DomainError(ErrorCode.ValidationFailed, details.map((d) => `${d.field}: ${d.message}`).join('; '), { details });
  }

  static forbidden(message = 'your role does not allow this'): DomainError {
    return new DomainError(ErrorCode.Forbidden, message);
  }

  static notFound(what: string): DomainError {
    return new DomainError(ErrorCode.NotFound, `${what} not found`);
  }
}
