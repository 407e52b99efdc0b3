import { ErrorCode } from '../common/errors/error-code.js';
import type { SharedError } from './api-operation.decorator.js';
import type { ResponseObject } from './openapi-types.js';
import { arrayOf, named, object, oneOfValues, str, type Schema } from './schema.js';

/** The API-key scheme: `Authorization: Bearer <api key>`. */
export const SECURITY_SCHEMES = {
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'API key',
    description: 'An integrator API key (e.g. `BOOTSTRAP_API_KEY`), stored hashed. Missing or wrong: `401 {"error": "unauthorized"}`.',
  },
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'sendbook_session',
    description:
      'A staff session, set by `POST /v1/auth/login` (HTTP-only, SameSite=Lax). Mutations must come from one of our pages (`Origin`), or they are `403 cross_site_request`.',
  },
  metricsToken: { type: 'http', scheme: 'bearer', description: '`METRICS_BEARER_TOKEN`, only for `GET /metrics` and only when it is set.' },
};

/** Every error body comes from AppExceptionFilter: `{error: <code>, message, ...details}`. */
export const ErrorBody = named(
  'Error',
  object(
    {
      error: str({ description: `an ErrorCode (${Object.values(ErrorCode).join(', ')}), or bad_request / internal_error` }),
      message: str(),
    },
    { description: 'The error body of every endpoint (AppExceptionFilter). Some codes add fields, e.g. `details` or `message` resource.', open: true },
  ),
);

export const FieldProblem = named(
  'FieldProblem',
  object({ field: str({ description: 'dotted path of the bad field, e.g. `payload.text.body`' }), message: str() }),
);

export const ValidationError = named(
  'ValidationError',
  object({
    error: oneOfValues([ErrorCode.ValidationFailed]),
    message: str({ description: 'every problem, joined' }),
    details: arrayOf(FieldProblem, { minItems: 1 }),
  }),
);

export const PayloadTooLargeError = named(
  'PayloadTooLargeError',
  object({ error: oneOfValues([ErrorCode.PayloadTooLarge]), message: str(), details: arrayOf(FieldProblem) }),
);

/** `{error: <one code>, message}`. */
export const plainError = (code: string): Schema => object({ error: oneOfValues([code]), message: str() });

export const SHARED_RESPONSES: Record<SharedError, { description: string; body: Schema }> = {
  ValidationFailed: { description: 'Validation failed: each bad field is named in `details`.', body: ValidationError },
  Unauthorized: { description: 'No valid API key (`Authorization: Bearer <key>`) or staff session.', body: plainError(ErrorCode.Unauthorized) },
  Forbidden: {
    description: "The caller's role or key scopes do not allow this (`forbidden`), or a session's mutation came from another site (`cross_site_request`).",
    body: object({ error: oneOfValues([ErrorCode.Forbidden, ErrorCode.CrossSiteRequest]), message: str() }),
  },
  NotFound: { description: 'No such resource.', body: plainError(ErrorCode.NotFound) },
  InvalidStateTransition: { description: 'Not allowed from the current state.', body: plainError(ErrorCode.InvalidStateTransition) },
  PayloadTooLarge: { description: 'Body over the 256 kB limit.', body: PayloadTooLargeError },
};

export type SharedResponses = Record<SharedError, ResponseObject>;
