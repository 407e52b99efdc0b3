import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { GraphClient } from '@sendbook/whatsapp';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/config.schema.js';

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
