import { bool, int, named, object, oneOfValues, str, type Schema } from '../../contract/schema.js';

export const ReadinessCheck = named('ReadinessCheck', object({ ok: bool(), latency_ms: int({ minimum: 0 }), error: str() }, { optional: ['error'] }));
export const Readiness = (status: string): Schema => object({ status: oneOfValues([status]), database: ReadinessCheck, redis: ReadinessCheck });
export const Alive = object({ status: oneOfValues(['ok']) });
