import 'reflect-metadata';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module.js';
import { AppExceptionFilter } from './common/errors/exception.filter.js';
import { createValidationPipe } from './common/errors/validation.pipe.js';
import { JsonLogger } from './common/logging/json-logger.js';
import { requestIdOf, useRequestContext } from './common/logging/request-id.js';
import { JSON_BODY_LIMIT_BYTES, registerJsonBody } from './common/http/json-body.js';
import { registerMultipartBody } from './common/http/multipart-body.js';
import { UPLOAD_ROUTE } from './modules/media/uploads.controller.js';
import { refuseWhileClosing } from './common/http/refuse-while-closing.js';
import { securityHeaders } from './common/http/security-headers.js';
import type { Clock } from './common/clock.js';
import type { AppConfig } from './config/config.schema.js';
import { mountWebhookEndpoint } from './modules/webhooks/webhook-endpoint.js';

/** The HTTP application (ROLE=api or all). Migrations must already have run. */
export async function createHttpApp(config: AppConfig, logger = new JsonLogger(config.logLevel), clock?: Clock): Promise<INestApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: config.auth.trustProxy,
    genReqId: requestIdOf,
    // `/v1/messages/` is `/v1/messages` (as it always was); invite tokens and ids fit in a path segment.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 512 },
    // Longer than clients keep an idle connection (fetch 4 s, Node's agent until the server closes,
    // load balancers 60 s), so the client closes first: with Node's 5 s, a client whose loop lagged
    // past it sent its next request on a connection the server had just closed, and got a reset.
    // Shutdown is not held up by it: once the server closes, every answer closes its connection
    // (mountWebhookEndpoint) and idle connections are closed at once.
    keepAliveTimeout: 65_000,
    // Our own 503 while closing (refuseWhileClosing), in the error shape every other answer has.
    return503OnClosing: false,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, logger, clock), adapter, {
    logger,
    bodyParser: false,
    bufferLogs: false,
    // Throw instead of process.exit, so the caller reports the cause.
    abortOnError: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  useRequestContext(fastify);
  refuseWhileClosing(fastify);
  securityHeaders(fastify);
  registerJsonBody(fastify);
  registerMultipartBody(fastify, [UPLOAD_ROUTE]);
  // Meta's webhooks: the raw bytes, whatever the content type, because the signature is over them;
  // answered on the HTTP server ahead of Fastify. The limit fits Meta's largest batches (1,000
  // updates, payloads up to 3 MB).
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
