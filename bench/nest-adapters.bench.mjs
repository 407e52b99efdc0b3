// What the Fastify adapter would save: the same Nest controller (a POST /v1/messages-shaped DTO
// checked by class-validator through ValidationPipe, a guard, a JSON answer) on Express, on Express
// without ETags, and on Fastify, driven by 32 keep-alive clients in this process; the server runs in
// a child process, whose CPU per request is measured over the timed run. Not part of `npm run bench`:
// the Fastify adapter is not a dependency of Sendbook. To run it:
//   npm install --no-save @nestjs/platform-fastify@12.5.0 && node bench/nest-adapters.bench.mjs
import 'reflect-metadata';
import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

const ADAPTERS = ['express', 'express-noetag', 'fastify'];
const TIMED = 20_000;
const WARMUP = 5_000;
const IN_FLIGHT = 32;

if (process.argv[2] === '--serve') await serve(process.argv[3]);
else await drive();

async function serve(adapter) {
  const { Body, Controller, HttpCode, Injectable, Module, Post, ValidationPipe } = await import('@nestjs/common');
  const { APP_GUARD, NestFactory } = await import('@nestjs/core');
  const { IsIn, IsObject, IsOptional, IsString, Length, Matches, ValidateNested } = await import('class-validator');
  const { Type } = await import('class-transformer');
  // Decorators applied by hand: this file is plain JavaScript.
  class Template {}
  Reflect.decorate([IsString(), Length(1, 512)], Template.prototype, 'name');
  Reflect.decorate([IsObject()], Template.prototype, 'language');
  Reflect.decorate([IsOptional()], Template.prototype, 'components');
  class Payload {}
  Reflect.decorate([IsIn(['text', 'template', 'interactive'])], Payload.prototype, 'type');
  Reflect.decorate([IsOptional(), ValidateNested(), Type(() => Template)], Payload.prototype, 'template');
  class MessageDto {}
  Reflect.decorate([IsString(), Length(1, 200)], MessageDto.prototype, 'dedupe_key');
  Reflect.decorate([IsString(), Matches(/^\+?\d{6,20}$/)], MessageDto.prototype, 'to');
  Reflect.decorate([IsString(), Length(1, 64)], MessageDto.prototype, 'purpose');
  Reflect.decorate([IsOptional(), IsString()], MessageDto.prototype, 'trigger_ref');
  Reflect.decorate([ValidateNested(), Type(() => Payload)], MessageDto.prototype, 'payload');
  class BearerGuard {
    canActivate(context) {
      return String(context.switchToHttp().getRequest().headers.authorization).startsWith('Bearer ');
    }
  }
  Reflect.decorate([Injectable()], BearerGuard);
  let served = 0;
  class MessagesController {
    create(dto) {
      served += 1;
      const id = `00000000-0000-4000-8000-${String(served).padStart(12, '0')}`;
      return { message: { id, dedupe_key: dto.dedupe_key, to: dto.to, purpose: dto.purpose, trigger_ref: dto.trigger_ref ?? null, state: 'queued', wamid: null, created_at: new Date().toISOString(), payload: dto.payload, last_error: null }, deduplicated: false };
    }
  }
  Reflect.defineMetadata('design:paramtypes', [MessageDto], MessagesController.prototype, 'create');
  Reflect.decorate([Post('messages'), HttpCode(201)], MessagesController.prototype, 'create', Object.getOwnPropertyDescriptor(MessagesController.prototype, 'create'));
  Body()(MessagesController.prototype, 'create', 0);
  Reflect.decorate([Controller('v1')], MessagesController);
  class AppModule {}
  Reflect.decorate([Module({ controllers: [MessagesController], providers: [{ provide: APP_GUARD, useClass: BearerGuard }] })], AppModule);

  let app;
  if (adapter === 'fastify') {
    const { FastifyAdapter } = await import('@nestjs/platform-fastify');
    app = await NestFactory.create(AppModule, new FastifyAdapter(), { logger: false });
  } else {
    app = await NestFactory.create(AppModule, { logger: false });
    if (adapter === 'express-noetag') app.getHttpAdapter().getInstance().set('etag', false);
  }
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, transform: true }));
  await app.listen(0, '127.0.0.1');
  let since;
  process.on('message', (message) => {
    if (message === 'start') {
      since = process.cpuUsage();
      process.send({ started: true });
    } else if (message === 'stop') {
      const used = process.cpuUsage(since);
      process.send({ cpuMs: (used.user + used.system) / 1000 });
    }
  });
  process.send({ port: app.getHttpServer().address().port });
}

async function drive() {
  try {
    await import('@nestjs/platform-fastify');
  } catch {
    console.log('needs @nestjs/platform-fastify: npm install --no-save @nestjs/platform-fastify@12.5.0');
    process.exit(2);
  }
  const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  const reply = (child) => new Promise((resolve) => child.once('message', resolve));
  console.log(`| trial | adapter | req/s | server CPU µs per request |\n|---|---|---|---|`);
  for (const trial of [1, 2, 3]) {
    for (const adapter of ADAPTERS) {
      const child = fork(fileURLToPath(import.meta.url), ['--serve', adapter]);
      const { port } = await reply(child);
      await load(agent, port, WARMUP, 0);
      child.send('start');
      await reply(child);
      const started = performance.now();
      await load(agent, port, TIMED, WARMUP);
      const seconds = (performance.now() - started) / 1000;
      child.send('stop');
      const { cpuMs } = await reply(child);
      console.log(`| ${trial} | ${adapter} | ${Math.round(TIMED / seconds)} | ${Math.round((cpuMs / TIMED) * 1000)} |`);
      child.kill();
    }
  }
  agent.destroy();
}

function load(agent, port, count, offset) {
  let next = 0;
  const post = (i) =>
    new Promise((resolve, reject) => {
      const body = JSON.stringify({ dedupe_key: `k-${offset + i}`, to: '+972501234567', purpose: 'order_shipped', trigger_ref: `orders/${i}`, payload: { type: 'template', template: { name: 'order_shipped', language: { code: 'en' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ada' }] }] } } });
      const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/v1/messages', agent, headers: { 'content-type': 'application/json', authorization: 'Bearer bench', 'content-length': Buffer.byteLength(body) } }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 201 ? resolve() : reject(new Error(`answered ${res.statusCode}`))));
      });
      req.on('error', reject);
      req.end(body);
    });
  return Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    while (next < count) await post(next++);
  }));
}
