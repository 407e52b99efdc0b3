import type { SimContext } from '../sim-context.js';
import { originOf } from '../sim-context.js';
import type { AcceptedMessage } from '../state/records.js';
import { buildStatus, type StatusExtras } from './status-object.js';
import type { StatusValue } from './webhook-types.js';

/**
 * Plays an accepted message's life as status webhooks: `sent`, `delivered`, `read` at the configured
 * delays; a reaction only gets `sent`; a message the platform fails gets `failed` (after `sent` for
 * the 131047 window case, on its own for a customer's `failWith`).
 */
export function scheduleStatuses(ctx: SimContext, message: AcceptedMessage): void {
  const delays = ctx.config().statusDelaysMs;
  const after = (ms: number, fn: () => void): void => ctx.scheduler.after(ms, fn);
  const emit = (status: StatusValue, extras: StatusExtras): void => emitStatus(ctx, message, status, extras);

  if (message.failedWith === 131047) {
    after(delays.sent, () => emit('sent', { withPricing: true }));
    after(Math.max(delays.sent, delays.delivered ?? delays.sent), () => emit('failed', { withPricing: false, errorCode: 131047 }));
    return;
  }
  if (message.failedWith !== null) {
    const code = message.failedWith;
    after(delays.sent, () => emit('failed', { withPricing: false, errorCode: code }));
    return;
  }
  if (message.type === 'reaction') {
    after(delays.sent, () => emit('sent', { withPricing: false }));
    return;
  }

  after(delays.sent, () => emit('sent', { withPricing: true }));
  const readReceipts = ctx.customers.find(message.to)?.readReceipts ?? true;
  if (delays.delivered !== null) {
    after(delays.delivered, () => {
      emit('delivered', { withPricing: true });
      ctx.customers.onReceived(message);
    });
  }
  if (delays.read !== null && readReceipts) {
    // Read implies delivered: when `delivered` is skipped, `read` carries the pricing.
    after(delays.read, () => emit('read', { withPricing: delays.delivered === null }));
  }
  if (delays.delivered === null) after(delays.read ?? delays.sent, () => ctx.customers.onReceived(message));
}

function emitStatus(ctx: SimContext, message: AcceptedMessage, status: StatusValue, extras: StatusExtras): void {
  const customer = ctx.customers.find(message.to);
  ctx.emitter.enqueue({
    ...originOf(ctx.config(), message.phoneNumberId),
    eventId: ctx.state.nextEventId(),
    // Failed statuses usually come without contacts.
    contact: customer && status !== 'failed' ? { profile: { name: customer.name }, wa_id: customer.waId } : null,
    kind: 'status',
    status: buildStatus(message, status, ctx.clock.now(), ctx.state.conversations, extras),
  });
}
