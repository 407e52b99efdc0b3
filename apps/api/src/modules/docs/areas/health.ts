import type { ApiArea } from '../openapi-types.js';
import { bool, int, json, object, oneOfValues, str } from '../schema.js';

const check = object({ ok: bool(), latency_ms: int({ minimum: 0 }), error: str() }, { optional: ['error'] });
const readiness = (status: string) => object({ status: oneOfValues([status]), database: { $ref: '#/components/schemas/ReadinessCheck' }, redis: { $ref: '#/components/schemas/ReadinessCheck' } });

export const healthArea: ApiArea = {
  tag: { name: 'health', description: 'Probes for orchestrators; no API key.' },
  schemas: { ReadinessCheck: check },
  paths: {
    '/healthz': {
      get: {
        operationId: 'healthz',
        tags: ['health'],
        summary: 'The process is up',
        description: 'Never touches dependencies, so an orchestrator does not restart the API because Redis is down.',
        security: [],
        responses: { '200': json(object({ status: oneOfValues(['ok']) }), 'Up.') },
      },
    },
    '/readyz': {
      get: {
        operationId: 'readyz',
        tags: ['health'],
        summary: 'PostgreSQL and Redis really answer',
        security: [],
        responses: {
          '200': json(readiness('ready'), 'Both answered.'),
          '503': json(readiness('not_ready'), 'At least one did not; see its `error`.'),
        },
      },
    },
  },
};
