import type { SimClock } from './core/clock.js';
import type { Prng } from './core/prng.js';
import type { Scheduler } from './core/scheduler.js';
import type { PhoneNumberConfig, SimulatorConfig } from './options.js';
import type { AcceptedMessage } from './state/records.js';
import type { SimState } from './state/sim-state.js';
import type { WebhookEmitter } from './webhooks/webhook-emitter.js';
import type { EventOrigin } from './webhooks/webhook-types.js';

/** What the send pipeline and status scheduling need to know about a simulated customer. */
export interface CustomerProfile {
  readonly waId: string;
  /** Business-scoped user id (2026), when the customer has one. */
  readonly userId: string | null;
  /** A customer with a username writes without their phone number (only `user_id`). */
  readonly username: string | null;
  readonly name: string;
  /** Accepted sends to this customer end in a `failed` status with this code (e.g. 131026). */
  readonly failWith: number | null;
  readonly readReceipts: boolean;
}

export interface CustomerDirectory {
  find(waId: string): CustomerProfile | undefined;
  findByUserId(userId: string): CustomerProfile | undefined;
  /** Called when a message reaches a customer's phone (its `delivered` moment). */
  onReceived(message: AcceptedMessage): void;
}

/** The shared parts every module of the simulator works with. */
export interface SimContext {
  config(): SimulatorConfig;
  readonly clock: SimClock;
  readonly scheduler: Scheduler;
  readonly state: SimState;
  readonly emitter: WebhookEmitter;
  readonly customers: CustomerDirectory;
  chaosRng(): Prng;
  customerRng(): Prng;
  baseUrl(): string;
  log(line: string): void;
}

export function findPhoneNumber(config: SimulatorConfig, id: string): Required<PhoneNumberConfig> | undefined {
  return config.phoneNumbers.find((p) => p.id === id);
}

/** The envelope coordinates of a business number, even if it was since removed from the config. */
export function originOf(config: SimulatorConfig, phoneNumberId: string): EventOrigin {
  const phone = findPhoneNumber(config, phoneNumberId) ?? config.phoneNumbers[0];
  return {
    phoneNumberId,
    displayPhoneNumber: phone?.displayPhoneNumber ?? '',
    wabaId: phone?.wabaId ?? '',
  };
}
