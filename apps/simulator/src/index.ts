export { createSimulator, type CreateSimulatorExtras } from './simulator.js';
export type { Simulator } from './simulator-api.js';
export {
  DEFAULT_PHONE_NUMBER,
  type MessagingLimitTier,
  type PhoneNumberConfig,
  type SimulatorConfig,
  type SimulatorOptions,
  type SimulatorPatch,
  type StatusDelays,
  type WebhookBatchOptions,
  type WebhookRetryOptions,
} from './options.js';
export type { ChaosOptions } from './core/chaos-options.js';
export { SimClock, type Clock } from './core/clock.js';
export { Prng } from './core/prng.js';
export type { ScriptAction } from './send/send-script.js';
export type { Customer, CustomerOptions, AutoReplyOptions } from './customers/customer.js';
export type { RandomCustomersOptions } from './customers/customer-registry.js';
export type { LedgerFilter } from './state/ledger.js';
export type { MediaObject } from './media/media-store.js';
export type { AcceptedMessage, InboundRecord, LedgerEntry, ReadReceipt, Rejection, RejectionCause } from './state/records.js';
export type { DeliveryAttempt, DeliveryEventRef, WebhookDelivery } from './webhooks/webhook-emitter.js';
export type { ContactObject, StatusObject, WebhookEnvelope } from './webhooks/webhook-types.js';
export type { OutboundChoice } from './send/outbound-message.js';
export type { TemplateDefinition, TemplateComponent, TemplateButton, TemplateStatus, TemplateCategory } from './templates/template-types.js';
export { DEFAULT_TEMPLATES } from './templates/default-templates.js';
export { hubSignature } from './core/hmac.js';
export { toMetaJson } from './core/meta-json.js';
