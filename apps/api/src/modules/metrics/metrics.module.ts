import { registerQueues } from '../../common/queue/register-queues.js';
import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import { JobTimings } from '../../common/queue/configured-worker-host.js';
import { perRole } from '../../common/modules/per-role.js';
import type { Role } from '../../config/config.schema.js';
import { AlertsModule } from '../alerts/alerts.module.js';
import { PolicyModule } from '../policy/policy.module.js';
import { AlertRules } from './alert-rules.service.js';
import { CountersRepository } from './counters.repository.js';
import { DeliveryGapsRepository } from './delivery-gaps.repository.js';
import { LiveFiguresRepository } from './live-figures.repository.js';
import { LiveFiguresService } from './live-figures.service.js';
import { POOLS } from './metric-names.js';
import { MetricsApiController } from './metrics-api.controller.js';
import { PrometheusController } from './metrics.controller.js';
import { MetricsRecorder } from './metrics-recorder.service.js';
import { MetricsReportService } from './metrics-report.service.js';
import { MetricsSampler } from './metrics-sampler.service.js';
import { MetricsTimers } from './metrics-timers.service.js';
import { PoolFiguresService } from './pool-figures.service.js';
import { PricingFiguresService } from './pricing-figures.service.js';
import { PrometheusService } from './prometheus.service.js';
import { SamplesRepository } from './samples.repository.js';

/**
 * Queue health. Every role records (counters, job timings, ack latency); ROLE=api serves
 * GET /metrics and GET /v1/metrics; ROLE=worker samples the gauges, checks thresholds and purges.
 * A module that counts imports this one (CountersRepository, MetricsRecorder; JobTimings for its
 * queue workers).
 */
@Module({})
export class MetricsModule {
  static readonly forRole = perRole((role: Role): DynamicModule => {
    const workers: Provider[] = role === 'api' ? [] : [MetricsTimers];
    return {
      module: MetricsModule,
      // The pools' queues, for their depth; the same queues the feature modules register.
      imports: [registerQueues(...POOLS), AlertsModule.forRole(role), PolicyModule],
      controllers: role === 'worker' ? [] : [PrometheusController, MetricsApiController],
      providers: [
        CountersRepository,
        SamplesRepository,
        MetricsRecorder,
        { provide: JobTimings, useExisting: MetricsRecorder },
        LiveFiguresRepository,
        LiveFiguresService,
        DeliveryGapsRepository,
        PoolFiguresService,
        PricingFiguresService,
        MetricsReportService,
        PrometheusService,
        AlertRules,
        MetricsSampler,
        ...workers,
      ],
      exports: [CountersRepository, MetricsRecorder, JobTimings, PricingFiguresService],
    };
  });
}
