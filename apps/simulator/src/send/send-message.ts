import { newWamid } from '../core/ids.js';
import { graphError, type GraphErrorAnswer } from '../graph/graph-error.js';
import { GraphRejection, reject } from '../graph/graph-rejection.js';
import { validateSend } from '../graph/validate-send.js';
import { findPhoneNumber, type SimContext } from '../sim-context.js';
import type { AcceptedMessage } from '../state/records.js';
import { scheduleStatuses } from '../webhooks/status-schedule.js';

export interface SendSuccessBody {
  messaging_product: 'whatsapp';
  contacts: Array<{ input: string; wa_id?: string; user_id?: string }>;
  messages: Array<{ id: string; message_status: 'accepted' }>;
}

export type SendResult =
  { kind: 'accepted'; message: AcceptedMessage; body: SendSuccessBody } | { kind: 'rejected'; error: GraphErrorAnswer; to: string | null };

/**
 * The platform's decision on one send: validation, then the per-number throughput cap (130429),
 * the pair limit (131056) and the 24 h window (131047). An accepted message enters the ledger and
 * starts its status webhooks before the HTTP answer is written, as on the real platform.
 */
export function sendMessage(ctx: SimContext, phoneNumberId: string, apiVersion: string, body: unknown): SendResult {
  const config = ctx.config();
  const now = ctx.clock.now();
  let to: string | null = null;
  try {
    const phone = findPhoneNumber(config, phoneNumberId);
    if (!phone) {
      reject(
        100,
        `Unsupported post request. Object with ID '${phoneNumberId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      );
    }
    const outbound = validateSend(body, phone.displayPhoneNumber, config.templates, (userId) => ctx.customers.findByUserId(userId)?.waId, {
      directSend: config.directSend,
    });
    to = outbound.waId;
    const { state } = ctx;
    if (!state.throughput.allows(phone.id, phone.mps, now)) reject(130429);
    if (!state.pairs.allows(phone.id, outbound.waId, now, config.pairIntervalMs, config.pairBurst)) reject(131056);

    const windowOpen = state.windows.isOpen(phone.id, outbound.waId, now, config.windowMs);
    let failedWith: number | null = null;
    // Direct Send is business-initiated, as a template is: it needs no open window.
    if (outbound.type !== 'template' && !outbound.directSend && !windowOpen) {
      if (!config.asyncWindowFailure) reject(131047);
      failedWith = 131047;
    }
    failedWith ??= ctx.customers.find(outbound.waId)?.failWith ?? null;

    state.throughput.record(phone.id, now);
    state.pairs.record(phone.id, outbound.waId, now, config.pairIntervalMs, config.pairBurst);
    const message: AcceptedMessage = {
      wamid: newWamid(outbound.waId),
      phoneNumberId: phone.id,
      to: outbound.waId,
      input: outbound.input,
      recipientUserId: outbound.recipientUserId,
      type: outbound.type,
      body: outbound.body,
      bizOpaqueCallbackData: outbound.bizOpaqueCallbackData,
      contextMessageId: outbound.contextMessageId,
      acceptedAt: now,
      apiVersion,
      templateName: outbound.template?.name ?? null,
      // Meta files a Direct Send message under a template it makes in that category (and bills it so).
      templateCategory:
        outbound.template?.category ?? (outbound.directSend ? (outbound.directSend.category.toUpperCase() as 'UTILITY' | 'AUTHENTICATION') : null),
      directSend: outbound.directSend,
      windowOpen,
      choices: outbound.choices,
      failedWith,
      responseLost: false,
    };
    state.ledger.add(message);
    scheduleStatuses(ctx, message);
    return {
      kind: 'accepted',
      message,
      body: {
        messaging_product: 'whatsapp',
        contacts: [
          outbound.recipientUserId !== null ? { input: outbound.input, user_id: outbound.recipientUserId } : { input: outbound.input, wa_id: outbound.waId },
        ],
        messages: [{ id: message.wamid, message_status: 'accepted' }],
      },
    };
  } catch (error) {
    if (error instanceof GraphRejection) return { kind: 'rejected', error: graphError(error.code, error.details), to };
    throw error;
  }
}
