import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { PgChannelListener } from '../../infra/pg-channel-listener.js';
import { WebhookDispatcher } from './webhook-dispatcher.service.js';
import { DELIVERIES_CHANNEL, parseDeliveryIds } from './delivery-notifications.js';
import { WebhookTimers } from './webhook-timers.service.js';

/** The session advisory lock that makes one worker per database the relay ('SBDW'). */
export const RELAY_LOCK_KEY = 0x53424457;
/** How often a standing-by worker asks for the lock; the periodic sweep covers the gap meanwhile. */
const STANDBY_RETRY_MS = 1_000;

/**
 * Worker side of the ack path: the endpoint's INSERT notifies the ids it committed, and this turns
 * them into jobs (job id = delivery id). The endpoint never waits on Redis, and its CPU goes to
 * answering. Every worker process listens, one relays (the holder of an advisory lock) and the
 * others stand by to take over, so a delivery is enqueued once however many workers run. A
 * notification nobody handled (no worker up, a takeover under way) is found by the sweeps.
 */
@Injectable()
export class DeliveryRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly listener: PgChannelListener;

  constructor(
    private readonly dispatcher: WebhookDispatcher,
    private readonly timers: WebhookTimers,
    logger: JsonLogger,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.listener = new PgChannelListener({
      // A session of its own (LISTEN, the relay's session lock): never through a transaction pooler.
      url: config.databaseListenUrl ?? config.databaseDirectUrl,
      channel: DELIVERIES_CHANNEL,
      onNotification: (payload) => {
        for (const id of parseDeliveryIds(payload)) this.dispatcher.dispatchSoon(id);
      },
      // Deliveries stored before this LISTEN (boot, a lost connection) were notified to nobody.
      onListening: () => this.timers.catchUp(),
      logger,
      exclusive: { lockKey: RELAY_LOCK_KEY, retryMs: STANDBY_RETRY_MS },
    });
  }

  /** Listening before the process reports ready: a delivery stored after that is never missed. */
  async onApplicationBootstrap(): Promise<void> {
    await this.listener.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener.stop();
  }

  /** Whether this process is the relay now (the others stand by). */
  get isRelaying(): boolean {
    return this.listener.isHandling;
  }
}
