import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { HttpReply } from '../http/http-types.js';
import type { JsonLogger } from '../logging/json-logger.js';
import { InvalidJsonBodyError } from '../http/json-body.js';
import { JsonTooDeepError } from '../http/json-depth.js';
import { DomainError } from './domain-error.js';
import { ErrorCode, HTTP_STATUS_OF } from './error-code.js';

/** The one place where errors become HTTP answers: `{ error: <code>, message, ...details }`. */
@Catch()
export class AppExceptionFilter implements ExceptionFilter {
  constructor(private readonly logger: JsonLogger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<HttpReply>();
    // A stream already answered (live events) has nothing left to say.
    if (response.sent) return;
    // What the JSON body parser refused may arrive wrapped in an HttpException (the original as its cause).
    const tooDeep =
      exception instanceof JsonTooDeepError
        ? exception
        : exception instanceof HttpException && exception.cause instanceof JsonTooDeepError
          ? exception.cause
          : null;
    if (tooDeep) {
      response.status(400).send({
        error: ErrorCode.ValidationFailed,
        message: tooDeep.message,
        details: [{ field: 'body', message: `nests objects or arrays deeper than ${tooDeep.limit} levels` }],
      });
      return;
    }
    if (exception instanceof DomainError) {
      for (const [name, value] of Object.entries(exception.headers)) response.header(name, value);
      response.status(HTTP_STATUS_OF[exception.code]).send({ error: exception.code, message: exception.message, ...exception.body });
      return;
    }
    if (exception instanceof HttpException && exception.getStatus() === 413) {
      response.status(413).send({
        error: ErrorCode.PayloadTooLarge,
        message: 'request body is too large',
        details: [{ field: 'body', message: 'larger than the limit for this endpoint' }],
      });
      return;
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      response.status(status).send({ error: httpErrorCode(status), message: exception.message });
      return;
    }
    if (exception instanceof InvalidJsonBodyError) {
      response.status(400).send({
        error: ErrorCode.ValidationFailed,
        message: exception.message,
        details: [{ field: 'body', message: exception.problem }],
      });
      return;
    }
    this.logger.event('error', 'http.unhandled_error', { error: exception });
    response.status(500).send({ error: 'internal_error', message: 'internal error' });
  }
}

function httpErrorCode(status: number): string {
  if (status === 401) return ErrorCode.Unauthorized;
  if (status === 404) return ErrorCode.NotFound;
  return status >= 500 ? 'internal_error' : 'bad_request';
}
