import { isBsuid } from '../core/bsuid.js';
import type { ChaosOptions } from '../core/chaos-options.js';
import { asNumber, asRecord, asString, type JsonRecord } from '../core/guards.js';
import type { CustomerOptions } from '../customers/customer.js';
import type { SimulatorPatch } from '../options.js';
import type { ScriptAction } from '../send/send-script.js';

/** Control API input accepts snake_case (house style) and camelCase keys alike. */
function field(body: JsonRecord, snake: string): unknown {
  const camel = snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  return body[snake] ?? body[camel];
}

function numberPair(value: unknown): readonly [number, number] | undefined {
  if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'number')) {
    return [value[0] as number, value[1] as number];
  }
  return undefined;
}

export class ControlInputError extends Error {}

export function parseChaos(body: JsonRecord): ChaosOptions {
  const chaos: ChaosOptions = {};
  const seed = asNumber(field(body, 'seed'));
  if (seed !== undefined) chaos.seed = seed;
  const duplicate = asNumber(field(body, 'duplicate_probability'));
  if (duplicate !== undefined) chaos.duplicateProbability = duplicate;
  if (typeof field(body, 'shuffle') === 'boolean') chaos.shuffle = field(body, 'shuffle') === true;
  const delay = numberPair(field(body, 'delay_ms'));
  if (delay) chaos.delayMs = delay;
  const rebatch = asNumber(field(body, 'rebatch_probability'));
  if (rebatch !== undefined) chaos.rebatchProbability = rebatch;
  const lost = asNumber(field(body, 'lost_response_probability'));
  if (lost !== undefined) chaos.lostResponseProbability = lost;
  const serverError = asNumber(field(body, 'server_error_probability'));
  if (serverError !== undefined) chaos.serverErrorProbability = serverError;
  const slow = field(body, 'slow_response_ms');
  const slowNumber = asNumber(slow);
  const slowPair = numberPair(slow);
  if (slowNumber !== undefined) chaos.slowResponseMs = slowNumber;
  else if (slowPair) chaos.slowResponseMs = slowPair;
  return chaos;
}

export function parseScript(body: JsonRecord): { count: number; action: ScriptAction } {
  const count = asNumber(field(body, 'count')) ?? 1;
  const action = asRecord(field(body, 'action')) ?? body;
  const kind = asString(action.kind);
  switch (kind) {
    case 'lose_response':
    case 'http_500':
      return { count, action: { kind } };
    case 'error': {
      const code = asNumber(action.code);
      if (code === undefined) throw new ControlInputError('action.code is required for kind "error"');
      const details = asString(action.details);
      const afterMs = asNumber(action.after_ms);
      return { count, action: { kind, code, ...(details === undefined ? {} : { details }), ...(afterMs === undefined ? {} : { afterMs }) } };
    }
    case 'slow': {
      const ms = asNumber(action.ms);
      if (ms === undefined) throw new ControlInputError('action.ms is required for kind "slow"');
      return { count, action: { kind, ms } };
    }
    default:
      throw new ControlInputError('action.kind must be one of lose_response, http_500, error, slow');
  }
}

export function parseCustomerOptions(body: JsonRecord): CustomerOptions {
  const options: CustomerOptions = {};
  const name = asString(field(body, 'name'));
  if (name !== undefined) options.name = name;
  const failWith = field(body, 'fail_with');
  if (failWith === null || typeof failWith === 'number') options.failWith = failWith;
  const readReceipts = field(body, 'read_receipts');
  if (typeof readReceipts === 'boolean') options.readReceipts = readReceipts;
  const phoneNumberId = asString(field(body, 'phone_number_id'));
  if (phoneNumberId !== undefined) options.phoneNumberId = phoneNumberId;
  const userId = field(body, 'user_id');
  if (typeof userId === 'string' && !isBsuid(userId)) {
    throw new ControlInputError('user_id must be a business-scoped user id such as US.13491208655302741918');
  }
  if (userId === null || typeof userId === 'string') options.userId = userId;
  const username = field(body, 'username');
  if (username === null || typeof username === 'string') options.username = username;
  return options;
}

/** The run-time settings the control API may change. */
export function parsePatch(body: JsonRecord): SimulatorPatch {
  const patch: SimulatorPatch = {};
  const webhookUrl = field(body, 'webhook_url');
  if (webhookUrl === null || typeof webhookUrl === 'string') patch.webhookUrl = webhookUrl;
  const asyncWindowFailure = field(body, 'async_window_failure');
  if (typeof asyncWindowFailure === 'boolean') patch.asyncWindowFailure = asyncWindowFailure;
  for (const [snake, apply] of [
    ['pair_interval_ms', (n: number) => (patch.pairIntervalMs = n)],
    ['pair_burst', (n: number) => (patch.pairBurst = n)],
    ['time_scale', (n: number) => (patch.timeScale = n)],
    ['window_ms', (n: number) => (patch.windowMs = n)],
    ['template_review_ms', (n: number) => (patch.templateReviewMs = n)],
    ['webhook_timeout_ms', (n: number) => (patch.webhookTimeoutMs = n)],
  ] as const) {
    const value = asNumber(field(body, snake));
    if (value !== undefined) apply(value);
  }
  const delays = asRecord(field(body, 'status_delays_ms'));
  if (delays) {
    patch.statusDelaysMs = {};
    const sent = asNumber(delays.sent);
    if (sent !== undefined) patch.statusDelaysMs.sent = sent;
    for (const key of ['delivered', 'read'] as const) {
      const value = delays[key];
      if (value === null || typeof value === 'number') patch.statusDelaysMs[key] = value;
    }
  }
  const batch = asRecord(field(body, 'webhook_batch'));
  if (batch) {
    patch.webhookBatch = {};
    const maxEvents = asNumber(field(batch, 'max_events'));
    if (maxEvents !== undefined) patch.webhookBatch.maxEvents = maxEvents;
    const flushMs = asNumber(field(batch, 'flush_ms'));
    if (flushMs !== undefined) patch.webhookBatch.flushMs = flushMs;
  }
  const chaos = asRecord(field(body, 'chaos'));
  if (chaos) patch.chaos = parseChaos(chaos);
  return patch;
}
