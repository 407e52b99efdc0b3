import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { GraphClient } from '@sendbook/whatsapp';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';

/**
 * A socket for every concurrent send, and some for what shares the pool (read receipts, template
 * syncs, media): a send waiting for a local socket is time Meta never sees.
 */
export function graphPoolSize(sendConcurrency: number): number {
  return Math.max(64, sendConcurrency + 16);
}

/** The Graph API client, one keep-alive pool per process. */
export const GRAPH_CLIENT = Symbol('GRAPH_CLIENT');

@Module({
  providers: [
    {
      provide: GRAPH_CLIENT,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        new GraphClient({
          baseUrl: config.whatsapp.graphUrl,
          apiVersion: config.whatsapp.apiVersion,
          accessToken: config.whatsapp.accessToken,
          timeoutMs: config.outbox.graphTimeoutMs,
          maxSockets: graphPoolSize(config.outbox.sendConcurrency),
          maxMediaBytes: config.whatsapp.mediaMaxBytes,
        }),
    },
  ],
  exports: [GRAPH_CLIENT],
})
export class WhatsappModule implements OnApplicationShutdown {
  constructor(@Inject(GRAPH_CLIENT) private readonly client: GraphClient) {}

  onApplicationShutdown(): void {
    this.client.close();
  }
}
