import { anyObject, dateTime, int, named, nullable, object, oneOfValues, str, uuid } from '../../contract/schema.js';

/** A figure past its threshold (or another module's alarm): open until a person resolves it. */
export const Alert = named(
  'Alert',
  object(
    {
      id: uuid(),
      source: str({ description: 'the module that raised it, e.g. `metrics`' }),
      key: str({ description: 'one open alert per key, e.g. `metrics.stuck_sending`' }),
      title: str(),
      details: nullable(anyObject()),
      state: oneOfValues(['open', 'resolved']),
      raised_at: dateTime(),
      last_raised_at: dateTime(),
      raise_count: int({ minimum: 1 }),
      resolved_at: nullable(dateTime()),
      resolved_by: nullable(str()),
      resolution_note: nullable(str()),
    },
    { description: "A figure past its threshold (or another module's alarm): open until a person resolves it." },
  ),
);

export const OneAlert = object({ alert: Alert });
