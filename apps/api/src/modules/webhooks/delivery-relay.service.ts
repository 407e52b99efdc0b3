import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { JsonLogger } from '../../common/logging/json-logger.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';
import { PgChannelListener } from '../../infra/pg-channel-listener.js';
import { WebhookDispatcher } from './webhook-dispatcher.service.js';
import { DELIVERIES_CHANNEL, parseDeliveryIds } from './delivery-notifications.js';
import { WebhookTimers } from './webhook-timers.service.js';

/**
 * Worker side of the ack path: the endpoint's INSERT notifies the ids it committed, and this turns
 * them into jobs (job id = delivery id). The endpoint never waits on Redis, and its CPU goes to
 * answering. Every worker process listens; BullMQ ignores a job id that is already waiting, and a
 * notification lost while no worker listened is found by the sweep.
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
      url: config.databaseUrl,
      channel: DELIVERIES_CHANNEL,
      onNotification: (payload) => {
        for (const id of parseDeliveryIds(payload)) this.dispatcher.dispatchSoon(id);
      },
      // Deliveries stored before this LISTEN (boot, a lost connection) were notified to nobody.
      onListening: () => this.timers.catchUp(),
      logger,
    });
  }

  /** Listening before the process reports ready: a delivery stored after that is never missed. */
  async onApplicationBootstrap(): Promise<void> {
    await this.listener.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener.stop();
  }
}
