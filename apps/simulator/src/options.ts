import type { ChaosOptions } from './core/chaos-options.js';
import { DEFAULT_TEMPLATES } from './templates/default-templates.js';
import type { TemplateDefinition } from './templates/template-types.js';

export interface PhoneNumberConfig {
  id: string;
  displayPhoneNumber: string;
  wabaId: string;
  /** Messages per second this number may send (sliding one-second window). */
  mps?: number;
  /** What `GET /{phone_number_id}` answers: the business name Meta approved. */
  verifiedName?: string;
  /** Meta's quality rating of the number: GREEN, YELLOW, RED or UNKNOWN. */
  qualityRating?: 'GREEN' | 'YELLOW' | 'RED' | 'UNKNOWN';
  /**
   * The portfolio's messaging limit as `GET /{phone_number_id}` names it; Meta starts new portfolios
   * at TIER_250. `null` leaves the field out of the answer, as Graph does where it reports none.
   */
  messagingLimit?: MessagingLimitTier | null;
}

/** Meta's names for the messaging limits since October 2025 (`whatsapp_business_manager_messaging_limit`). */
export type MessagingLimitTier = 'TIER_250' | 'TIER_2K' | 'TIER_10K' | 'TIER_100K' | 'TIER_UNLIMITED';

export interface StatusDelays {
  sent: number;
  /** `null`: never emit `delivered`. */
  delivered: number | null;
  /** `null`: never emit `read` (as for users with read receipts off). */
  read: number | null;
}

export interface WebhookBatchOptions {
  /** Events per POST at most (Meta: up to 1000). */
  maxEvents: number;
  /** How long events wait to be batched together. */
  flushMs: number;
}

export interface WebhookRetryOptions {
  /** First retry delay; each next one doubles, up to `maxDelayMs`. */
  initialDelayMs: number;
  maxDelayMs: number;
  /** Give up once the schedule has spanned this long (Meta: up to 7 days). */
  maxAgeMs: number;
}

export interface SimulatorOptions {
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Port (default 0: any free port). */
  port?: number;
  accessToken?: string;
  /** Signs webhooks; a comma-separated list signs with the first. */
  appSecret?: string;
  /** Where webhooks are POSTed; events wait until it is set. */
  webhookUrl?: string;
  /** Accepted version path segment: an exact string or a pattern (default /^v\d+\.\d+$/). */
  apiVersion?: string | RegExp;
  phoneNumbers?: PhoneNumberConfig[];
  pairIntervalMs?: number;
  /** Messages a pair may send in a burst before the interval applies (1 = strict). */
  pairBurst?: number;
  templates?: TemplateDefinition[];
  /** How long Meta's review of a submitted or edited template takes before its status webhook (default 2 s). */
  templateReviewMs?: number;
  statusDelaysMs?: Partial<StatusDelays>;
  /** Free text outside the window: accepted then `failed` 131047 (true) or refused synchronously (false). */
  asyncWindowFailure?: boolean;
  /** Whether the account may use Direct Send (`category` on a message); false answers error 100 (default true). */
  directSend?: boolean;
  /** Length of the customer-service window (default 24 h). */
  windowMs?: number;
  /** How fast media downloads are served, in bytes per second (0: as fast as the socket takes them). */
  mediaBytesPerSecond?: number;
  webhookBatch?: Partial<WebhookBatchOptions>;
  webhookRetry?: Partial<WebhookRetryOptions>;
  /** Per-attempt timeout of a webhook POST. */
  webhookTimeoutMs?: number;
  /** Multiplies webhook retry delays, so a 7-day schedule fits in a test (e.g. 1/100000). */
  timeScale?: number;
  chaos?: ChaosOptions;
  /** Seeds the randomness of simulated customers. */
  seed?: number;
  /** Time source behind `sim.clock` (default Date.now). */
  now?: () => number;
}

/** Everything `configure()` may change at run time. */
export type SimulatorPatch = Omit<SimulatorOptions, 'host' | 'port' | 'now' | 'webhookUrl'> & {
  /** `null` stops webhook delivery (events wait). */
  webhookUrl?: string | null;
};

export interface SimulatorConfig {
  accessToken: string;
  appSecret: string;
  webhookUrl: string | undefined;
  apiVersion: string | RegExp;
  phoneNumbers: Required<PhoneNumberConfig>[];
  pairIntervalMs: number;
  pairBurst: number;
  templates: TemplateDefinition[];
  templateReviewMs: number;
  statusDelaysMs: StatusDelays;
  asyncWindowFailure: boolean;
  directSend: boolean;
  windowMs: number;
  mediaBytesPerSecond: number;
  webhookBatch: WebhookBatchOptions;
  webhookRetry: WebhookRetryOptions;
  webhookTimeoutMs: number;
  timeScale: number;
  chaos: ChaosOptions;
  seed: number | undefined;
}

export const DEFAULT_PHONE_NUMBER: Required<PhoneNumberConfig> = {
  id: '106540352242922',
  displayPhoneNumber: '15550783881',
  wabaId: '102290129340398',
  mps: 80,
  verifiedName: 'Sendbook Demo Shop',
  qualityRating: 'GREEN',
  messagingLimit: 'TIER_250',
};

/** A number with every field: what is not given, as the default number has it. */
export function completePhoneNumber(p: PhoneNumberConfig): Required<PhoneNumberConfig> {
  return {
    ...p,
    mps: p.mps ?? DEFAULT_PHONE_NUMBER.mps,
    verifiedName: p.verifiedName ?? DEFAULT_PHONE_NUMBER.verifiedName,
    qualityRating: p.qualityRating ?? DEFAULT_PHONE_NUMBER.qualityRating,
    messagingLimit: p.messagingLimit === undefined ? DEFAULT_PHONE_NUMBER.messagingLimit : p.messagingLimit,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function defaultConfig(): SimulatorConfig {
  return {
    accessToken: 'sim-access-token',
    appSecret: 'sim-app-secret',
    webhookUrl: undefined,
    apiVersion: /^v\d+\.\d+$/,
    phoneNumbers: [{ ...DEFAULT_PHONE_NUMBER }],
    pairIntervalMs: 6000,
    pairBurst: 1,
    templates: DEFAULT_TEMPLATES.map((t) => structuredClone(t)),
    templateReviewMs: 2000,
    statusDelaysMs: { sent: 10, delivered: 30, read: 60 },
    asyncWindowFailure: false,
    directSend: true,
    windowMs: DAY_MS,
    mediaBytesPerSecond: 0,
    webhookBatch: { maxEvents: 100, flushMs: 20 },
    webhookRetry: { initialDelayMs: 1000, maxDelayMs: 60 * 60 * 1000, maxAgeMs: 7 * DAY_MS },
    webhookTimeoutMs: 10_000,
    timeScale: 1,
    chaos: {},
    seed: undefined,
  };
}

/** Applies a partial configuration: nested groups merge, lists and `chaos` are replaced whole. */
export function applyPatch(config: SimulatorConfig, patch: SimulatorPatch): SimulatorConfig {
  const next: SimulatorConfig = { ...config };
  if (patch.accessToken !== undefined) next.accessToken = patch.accessToken;
  if (patch.appSecret !== undefined) next.appSecret = patch.appSecret;
  if (patch.webhookUrl !== undefined) next.webhookUrl = patch.webhookUrl ?? undefined;
  if (patch.apiVersion !== undefined) next.apiVersion = patch.apiVersion;
  if (patch.phoneNumbers !== undefined) {
    next.phoneNumbers = patch.phoneNumbers.map(completePhoneNumber);
  }
  if (patch.pairIntervalMs !== undefined) next.pairIntervalMs = patch.pairIntervalMs;
  if (patch.pairBurst !== undefined) next.pairBurst = Math.max(1, patch.pairBurst);
  if (patch.templates !== undefined) next.templates = patch.templates.map((t) => structuredClone(t));
  if (patch.templateReviewMs !== undefined) next.templateReviewMs = Math.max(0, patch.templateReviewMs);
  if (patch.statusDelaysMs !== undefined) next.statusDelaysMs = { ...config.statusDelaysMs, ...patch.statusDelaysMs };
  if (patch.asyncWindowFailure !== undefined) next.asyncWindowFailure = patch.asyncWindowFailure;
  if (patch.directSend !== undefined) next.directSend = patch.directSend;
  if (patch.windowMs !== undefined) next.windowMs = patch.windowMs;
  if (patch.mediaBytesPerSecond !== undefined) next.mediaBytesPerSecond = Math.max(0, patch.mediaBytesPerSecond);
  if (patch.webhookBatch !== undefined) next.webhookBatch = { ...config.webhookBatch, ...patch.webhookBatch };
  if (patch.webhookRetry !== undefined) next.webhookRetry = { ...config.webhookRetry, ...patch.webhookRetry };
  if (patch.webhookTimeoutMs !== undefined) next.webhookTimeoutMs = patch.webhookTimeoutMs;
  if (patch.timeScale !== undefined) next.timeScale = patch.timeScale;
  if (patch.chaos !== undefined) next.chaos = { ...patch.chaos };
  if (patch.seed !== undefined) next.seed = patch.seed;
  return next;
}

export function resolveOptions(options: SimulatorOptions): SimulatorConfig {
  const { host: _host, port: _port, now: _now, ...patch } = options;
  return applyPatch(defaultConfig(), patch);
}
