import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { runWithRequestContext } from './request-context.js';

const VALID_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Takes the caller's `X-Request-Id` when it is sane, else makes one, and echoes it back. */
export function requestIdMiddleware(req: Request, res: Response, next: NextFunction): void {
  const incoming = req.header('x-request-id');
  const requestId = incoming && VALID_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', requestId);
  runWithRequestContext({ requestId }, next);
}
