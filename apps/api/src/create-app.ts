import 'reflect-metadata';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import { AppModule } from './app.module.js';
import { AppExceptionFilter } from './common/errors/exception.filter.js';
import { createValidationPipe } from './common/errors/validation.pipe.js';
import { JsonLogger } from './common/logging/json-logger.js';
import { requestIdMiddleware } from './common/logging/request-id.middleware.js';
import { JsonTooDeepError, jsonDepthExceeds } from './common/http/json-depth.js';
import type { Clock } from './common/clock.js';
import type { AppConfig } from './config/config.schema.js';
import { mountWebhookEndpoint } from './modules/webhooks/webhook-endpoint.js';

/** Integrator JSON bodies: generous for templates with many parameters, small enough to refuse abuse. */
export const JSON_BODY_LIMIT = '256kb';

/** A batch carries up to 1,000 of those bodies: room for 1,000 ordinary templates (~1 KB each) and then some. */
export const BATCH_BODY_LIMIT = '8mb';

/** The HTTP application (ROLE=api or all). Migrations must already have run. */
export async function createHttpApp(config: AppConfig, logger = new JsonLogger(config.logLevel), clock?: Clock): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, logger, clock), {
    logger,
    bodyParser: false,
    bufferLogs: false,
    // Throw instead of process.exit, so the caller reports the cause.
    abortOnError: false,
  });
  app.disable('x-powered-by');
  app.set('trust proxy', config.auth.trustProxy);
  app.use(requestIdMiddleware);
  const refuseTooDeep = (_req: unknown, _res: unknown, buf: Buffer) => {
    if (jsonDepthExceeds(buf)) throw new JsonTooDeepError();
  };
  // Mounted first: the body it parses is left alone by the general parser below.
  app.use('/v1/messages/batch', express.json({ limit: BATCH_BODY_LIMIT, verify: refuseTooDeep }));
  app.use('/v1', express.json({ limit: JSON_BODY_LIMIT, verify: refuseTooDeep }));
  // Meta's webhooks: the raw bytes, whatever the content type, because the signature is over them.
  // The limit fits Meta's largest batches (1,000 updates, payloads up to 3 MB).
  mountWebhookEndpoint(app, config);
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new AppExceptionFilter(logger));
  app.enableShutdownHooks();
  return app;
}

/** A worker-only process (ROLE=worker): the same modules, no HTTP server. */
export async function createWorkerContext(config: AppConfig, logger = new JsonLogger(config.logLevel), clock?: Clock): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, logger, clock), { logger, abortOnError: false });
  app.enableShutdownHooks();
  return app;
}
