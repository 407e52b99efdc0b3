import type { SimClock } from './core/clock.js';
import type { ChaosOptions } from './core/chaos-options.js';
import type { Customer, CustomerOptions } from './customers/customer.js';
import type { RandomCustomersOptions } from './customers/customer-registry.js';
import type { MediaObject } from './media/media-store.js';
import type { SimulatorConfig, SimulatorPatch } from './options.js';
import type { ScriptAction } from './send/send-script.js';
import type { LedgerFilter } from './state/ledger.js';
import type { AcceptedMessage, InboundRecord, LedgerEntry, ReadReceipt, Rejection, UploadRecord } from './state/records.js';
import type { WebhookDelivery } from './webhooks/webhook-emitter.js';

/** A running WhatsApp Cloud API stand-in. */
export interface Simulator {
  /** Base URL; use it as WHATSAPP_GRAPH_URL. */
  readonly url: string;
  readonly port: number;
  /** The simulated time behind windows and rate limits. */
  readonly clock: SimClock;

  config(): Readonly<SimulatorConfig>;
  configure(patch: SimulatorPatch): void;
  /** Forgets ledger, logs, windows, limits, scripts and pending webhooks; keeps config and customers. */
  reset(): void;
  close(): Promise<void>;

  /** Messages that reached a phone (accepted and not failed by the platform). */
  ledger(filter?: LedgerFilter): LedgerEntry[];
  ledgerCountByRecipient(): Record<string, number>;
  ledgerCountByCallbackData(): Record<string, number>;
  /** biz_opaque_callback_data values that reached a phone more than once. */
  duplicatedCallbackData(): string[];
  /** Every accepted send, including those the platform then failed. */
  acceptedMessages(): AcceptedMessage[];
  rejections(): Rejection[];
  readReceipts(): ReadReceipt[];
  /** Files the business uploaded (POST /{phone_number_id}/media), oldest first. */
  uploads(): UploadRecord[];
  /** The mark-as-read calls that carried a typing indicator ("typing…" shown under that message). */
  typingIndicators(): ReadReceipt[];
  inboundMessages(): InboundRecord[];
  /** A media object a customer sent (the id in its inbound message), as GET /{media_id} serves it. */
  media(id: string): MediaObject | undefined;
  /** Forgets one media object, as Meta does about 7 days after it was sent; false if unknown. */
  expireMedia(id: string): boolean;
  /** Graph API requests received (control API excluded). */
  requests(): number;

  webhookDeliveries(): WebhookDelivery[];
  /** Sends buffered webhook events now and resolves when nothing is pending. */
  flushWebhooks(): Promise<void>;
  /** Resolves when no status, webhook POST, retry or scripted delay is pending. */
  idle(): Promise<void>;

  /** Replaces the chaos knobs (same as `configure({ chaos })`). */
  setChaos(chaos: ChaosOptions): void;
  /** The next `count` sends get `action` instead of chance. */
  scriptNext(count: number, action: ScriptAction): void;

  customer(waId: string, options?: CustomerOptions): Customer;
  /**
   * What Meta remembers across a restart of this stand-in: `waId` last wrote to `phoneNumberId`
   * at `at` (ms), so the 24 h window is as open as the business's own records say.
   */
  rememberInbound(phoneNumberId: string, waId: string, at: number): void;
  customers(): Customer[];
  randomCustomers(options: RandomCustomersOptions): Customer[];
}
