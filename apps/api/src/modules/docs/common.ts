import { ErrorCode } from '../../common/errors/error-code.js';
import type { ResponseObject, Schema } from './openapi-types.js';
import { arrayOf, errorRef, json, object, oneOfValues, str, type SharedResponse } from './schema.js';

/** The API-key scheme of ApiKeyGuard: `Authorization: Bearer <api key>`. */
export const SECURITY_SCHEMES = {
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'API key',
    description: 'An integrator API key (e.g. `BOOTSTRAP_API_KEY`), stored hashed. Missing or wrong: `401 {"error": "unauthorized"}`.',
  },
  metricsToken: { type: 'http', scheme: 'bearer', description: '`METRICS_BEARER_TOKEN`, only for `GET /metrics` and only when it is set.' },
};

/** Every error body comes from AppExceptionFilter: `{error: <code>, message, ...details}`. */
export const ERROR_SCHEMAS: Record<string, Schema> = {
  Error: object(
    {
      error: str({ description: `an ErrorCode (${Object.values(ErrorCode).join(', ')}), or bad_request / internal_error` }),
      message: str(),
    },
    { description: 'The error body of every endpoint (AppExceptionFilter). Some codes add fields, e.g. `details` or `message` resource.', open: true },
  ),
  FieldProblem: object({ field: str({ description: 'dotted path of the bad field, e.g. `payload.text.body`' }), message: str() }),
  ValidationError: object({
    error: oneOfValues([ErrorCode.ValidationFailed]),
    message: str({ description: 'every problem, joined' }),
    details: arrayOf({ $ref: '#/components/schemas/FieldProblem' }, { minItems: 1 }),
  }),
  PayloadTooLargeError: object({
    error: oneOfValues([ErrorCode.PayloadTooLarge]),
    message: str(),
    details: arrayOf({ $ref: '#/components/schemas/FieldProblem' }),
  }),
  PlainError: object({ error: str(), message: str() }),
};

const plain = (code: string, description: string): ResponseObject =>
  json(object({ error: oneOfValues([code]), message: str() }), description);

export const SHARED_RESPONSES: Record<SharedResponse, ResponseObject> = {
  ValidationFailed: json({ $ref: '#/components/schemas/ValidationError' }, 'Validation failed: each bad field is named in `details`.'),
  Unauthorized: plain(ErrorCode.Unauthorized, 'No valid API key (`Authorization: Bearer <key>`).'),
  NotFound: plain(ErrorCode.NotFound, 'No such resource.'),
  InvalidStateTransition: plain(ErrorCode.InvalidStateTransition, 'Not allowed from the current state.'),
  PayloadTooLarge: json({ $ref: '#/components/schemas/PayloadTooLargeError' }, 'Body over the 256 kB limit.'),
};

/** What every API-key endpoint may also answer. */
export const AUTHED = { '401': errorRef('Unauthorized') };
export const AUTHED_WITH_BODY = { '400': errorRef('ValidationFailed'), '401': errorRef('Unauthorized'), '413': errorRef('PayloadTooLarge') };
