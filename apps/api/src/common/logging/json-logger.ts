import type { LoggerService } from '@nestjs/common';
import type { LogLevel } from '../../config/config.schema.js';
import { redact } from './redact.js';
import { currentRequestId } from './request-context.js';

const SEVERITY: Record<Exclude<LogLevel, 'silent'>, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/**
 * One JSON object per line on stdout, with the request id of the current request when there is
 * one, secrets redacted, and (except at debug) customers' numbers and dedupe keys masked. Implements Nest's LoggerService so framework logs look the same.
 */
export class JsonLogger implements LoggerService {
  constructor(
    private readonly level: LogLevel,
    private readonly write: (line: string) => void = (line) => process.stdout.write(line + '\n'),
  ) {}

  log(message: unknown, ...rest: unknown[]): void {
    this.emit('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.emit('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.emit('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.emit('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.emit('debug', message, rest);
  }

  /** Structured event: `logger.event('info', 'webhook.duplicate', { key })`. */
  event(level: Exclude<LogLevel, 'silent'>, msg: string, fields: Record<string, unknown> = {}): void {
    if (!this.enabled(level)) return;
    const line = { time: new Date().toISOString(), level, msg, request_id: currentRequestId(), ...fields };
    // Customers' numbers and dedupe keys are shown only when debugging.
    this.write(JSON.stringify(redact(line, { maskPersonal: level !== 'debug' })));
  }

  private emit(level: Exclude<LogLevel, 'silent'>, message: unknown, rest: unknown[]): void {
    // Nest passes the context (class name) as the last string argument.
    const context = typeof rest[rest.length - 1] === 'string' ? String(rest.pop()) : undefined;
    const fields: Record<string, unknown> = { context };
    if (typeof message === 'object' && message !== null && !(message instanceof Error)) Object.assign(fields, message);
    else fields.detail = message instanceof Error ? message : undefined;
    if (rest.length > 0) fields.extra = rest;
    this.event(level, typeof message === 'string' ? message : message instanceof Error ? message.message : 'log', fields);
  }

  private enabled(level: Exclude<LogLevel, 'silent'>): boolean {
    return this.level !== 'silent' && SEVERITY[level] >= SEVERITY[this.level];
  }
}
