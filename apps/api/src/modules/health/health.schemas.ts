import { bool, int, named, object, oneOfValues, type Schema } from '../../contract/schema.js';
import { CHECK_FAILURES } from './check-failure.js';

export const ReadinessCheck = named(
  'ReadinessCheck',
  object({ ok: bool(), latency_ms: int({ minimum: 0 }), error: oneOfValues([...CHECK_FAILURES]) }, { optional: ['error'] }),
);
export const Readiness = (status: string): Schema => object({ status: oneOfValues([status]), database: ReadinessCheck, redis: ReadinessCheck });
export const Alive = object({ status: oneOfValues(['ok']) });
