/** The events Sendbook pushes to integrators' endpoints (contract: "Events to integrators"). */
export const INTEGRATOR_EVENT_TYPES = [
  'message.state_changed',
  'message.failed',
  'inbound.received',
  'inbound.attributed',
  'work_item.opened',
  'work_item.resolved',
  'conversation.assigned',
  'conversation.sla_breached',
] as const;

export type IntegratorEventType = (typeof INTEGRATOR_EVENT_TYPES)[number];

export const isIntegratorEventType = (value: unknown): value is IntegratorEventType =>
  typeof value === 'string' && (INTEGRATOR_EVENT_TYPES as readonly string[]).includes(value);
