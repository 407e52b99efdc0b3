import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import type { JsonLogger } from '../logging/json-logger.js';
import { JsonTooDeepError } from '../http/json-depth.js';
import { DomainError } from './domain-error.js';
import { ErrorCode, HTTP_STATUS_OF } from './error-code.js';

/** The one place where errors become HTTP answers: `{ error: <code>, message, ...details }`. */
@Catch()
export class AppExceptionFilter implements ExceptionFilter {
  constructor(private readonly logger: JsonLogger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    // Nest hands body-parser's errors over wrapped in an HttpException (the original as its cause).
    const tooDeep = exception instanceof JsonTooDeepError ? exception : exception instanceof HttpException && exception.cause instanceof JsonTooDeepError ? exception.cause : null;
    if (tooDeep) {
      response.status(400).json({
        error: ErrorCode.ValidationFailed,
        message: tooDeep.message,
        details: [{ field: 'body', message: `nests objects or arrays deeper than ${tooDeep.limit} levels` }],
      });
      return;
    }
    if (exception instanceof DomainError) {
      for (const [name, value] of Object.entries(exception.headers)) response.setHeader(name, value);
      response.status(HTTP_STATUS_OF[exception.code]).json({ error: exception.code, message: exception.message, ...exception.body });
      return;
    }
    if (exception instanceof HttpException && exception.getStatus() === 413) {
      response.status(413).json({
        error: ErrorCode.PayloadTooLarge,
        message: 'request body is too large',
        details: [{ field: 'body', message: 'larger than the limit for this endpoint' }],
      });
      return;
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      response.status(status).json({ error: httpErrorCode(status), message: exception.message });
      return;
    }
    if (isBodyParserError(exception)) {
      const tooLarge = exception.type === 'entity.too.large';
      const code = tooLarge ? ErrorCode.PayloadTooLarge : ErrorCode.ValidationFailed;
      response.status(tooLarge ? 413 : 400).json({
        error: code,
        message: tooLarge ? 'request body is too large' : 'request body is not valid JSON',
        details: [{ field: 'body', message: tooLarge ? `larger than ${exception.limit} bytes` : 'not valid JSON' }],
      });
      return;
    }
    this.logger.event('error', 'http.unhandled_error', { error: exception });
    response.status(500).json({ error: 'internal_error', message: 'internal error' });
  }
}

function httpErrorCode(status: number): string {
  if (status === 401) return ErrorCode.Unauthorized;
  if (status === 404) return ErrorCode.NotFound;
  return status >= 500 ? 'internal_error' : 'bad_request';
}

interface BodyParserError {
  type: string;
  limit?: number;
}

function isBodyParserError(error: unknown): error is BodyParserError {
  return typeof error === 'object' && error !== null && typeof (error as { type?: unknown }).type === 'string' && 'status' in error;
}
