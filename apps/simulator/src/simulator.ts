import { SimClock } from './core/clock.js';
import type { ChaosOptions } from './core/chaos-options.js';
import { Prng } from './core/prng.js';
import { Scheduler } from './core/scheduler.js';
import { CustomerRegistry } from './customers/customer-registry.js';
import { createRequestHandler } from './http/router.js';
import { startServer } from './http/sim-server.js';
import { applyPatch, resolveOptions, type SimulatorConfig, type SimulatorOptions, type SimulatorPatch } from './options.js';
import type { SimContext } from './sim-context.js';
import type { Simulator } from './simulator-api.js';
import { SimState } from './state/sim-state.js';
import { WebhookEmitter } from './webhooks/webhook-emitter.js';
import { createHttpPoster } from './webhooks/webhook-poster.js';

export interface CreateSimulatorExtras {
  /** Receives one line per notable event (standalone server prints them). */
  logger?: (line: string) => void;
}

/** Starts a WhatsApp Cloud API simulator on `host:port` (default 127.0.0.1, any free port). */
export async function createSimulator(options: SimulatorOptions & CreateSimulatorExtras = {}): Promise<Simulator> {
  let config: SimulatorConfig = resolveOptions(options);
  let chaosRng = new Prng(config.chaos.seed);
  const customerRng = new Prng(config.seed);
  const clock = new SimClock(options.now);
  const scheduler = new Scheduler();
  const state = new SimState();
  const customers = new CustomerRegistry();
  const poster = createHttpPoster();
  const log = options.logger ?? (() => undefined);
  let baseUrl = '';

  const emitter = new WebhookEmitter({ config: () => config, clock, scheduler, rng: () => chaosRng, post: poster.post, log });
  const ctx: SimContext = {
    config: () => config,
    clock,
    scheduler,
    state,
    emitter,
    customers,
    chaosRng: () => chaosRng,
    customerRng: () => customerRng,
    baseUrl: () => baseUrl,
    log,
  };
  customers.attach(ctx);

  let sim: Simulator | null = null;
  const server = await startServer(
    createRequestHandler(() => {
      if (!sim) throw new Error('simulator not ready');
      return sim;
    }, ctx),
    options.host ?? '127.0.0.1',
    options.port ?? 0,
  );
  baseUrl = server.url;

  const configure = (patch: SimulatorPatch): void => {
    config = applyPatch(config, patch);
    if (patch.chaos) chaosRng = new Prng(patch.chaos.seed);
    emitter.kick();
  };

  sim = {
    url: server.url,
    port: server.port,
    clock,
    config: () => config,
    configure,
    reset: () => {
      scheduler.cancelAll();
      emitter.reset();
      state.reset();
      chaosRng = new Prng(config.chaos.seed);
    },
    close: async () => {
      scheduler.close();
      emitter.close();
      poster.close();
      await server.close();
    },
    ledger: (filter) => state.ledger.entries(filter),
    ledgerCountByRecipient: () => state.ledger.countByRecipient(),
    ledgerCountByCallbackData: () => state.ledger.countByCallbackData(),
    duplicatedCallbackData: () => state.ledger.duplicatedCallbackData(),
    acceptedMessages: () => state.ledger.allAccepted(),
    rejections: () => [...state.rejections],
    readReceipts: () => [...state.readReceipts],
    uploads: () => [...state.uploads],
    typingIndicators: () => state.readReceipts.filter((r) => r.typingIndicator),
    inboundMessages: () => [...state.inbound],
    media: (id) => state.media.get(id),
    expireMedia: (id) => state.media.expire(id),
    requests: () => state.requestCount,
    webhookDeliveries: () => emitter.deliveriesLog(),
    flushWebhooks: () => {
      emitter.flush();
      return scheduler.idle();
    },
    idle: () => scheduler.idle(),
    setChaos: (chaos: ChaosOptions) => configure({ chaos }),
    scriptNext: (count, action) => state.script.push(count, action),
    customer: (waId, customerOptions) => customers.get(waId, customerOptions),
    rememberInbound: (phoneNumberId, waId, at) => state.windows.touch(phoneNumberId, waId.replace(/^\+/, ''), at),
    customers: () => customers.all(),
    randomCustomers: (randomOptions) => customers.createRandom(randomOptions),
  };
  log(`WhatsApp Cloud API simulator listening on ${server.url}`);
  return sim;
}
