import { asRecord, asString, type JsonRecord } from '../core/guards.js';
import { graphError, type GraphErrorAnswer } from '../graph/graph-error.js';
import { findPhoneNumber, type SimContext } from '../sim-context.js';

export type MarkReadResult = { kind: 'ok'; body: { success: true } } | { kind: 'rejected'; error: GraphErrorAnswer };

export function isMarkReadBody(body: unknown): body is JsonRecord {
  return asRecord(body)?.status === 'read';
}

/** `{ messaging_product, status: 'read', message_id }` → `{ success: true }`, recorded apart from sends. */
export function markRead(ctx: SimContext, phoneNumberId: string, body: JsonRecord): MarkReadResult {
  if (!findPhoneNumber(ctx.config(), phoneNumberId)) {
    return { kind: 'rejected', error: graphError(100, `Unsupported post request. Object with ID '${phoneNumberId}' does not exist.`) };
  }
  if (body.messaging_product !== 'whatsapp') return { kind: 'rejected', error: graphError(100, 'The parameter messaging_product is required.') };
  const messageId = asString(body.message_id);
  if (!messageId) return { kind: 'rejected', error: graphError(100, 'The parameter message_id is required.') };
  const typing = asRecord(body.typing_indicator);
  // Meta has one kind of typing indicator.
  if (body.typing_indicator !== undefined && typing?.type !== 'text')
    return { kind: 'rejected', error: graphError(100, "Param typing_indicator['type'] must be one of {text}.") };
  ctx.state.readReceipts.push({
    at: ctx.clock.now(),
    phoneNumberId,
    messageId,
    known: ctx.state.inboundByWamid.has(messageId),
    typingIndicator: typing !== undefined,
  });
  return { kind: 'ok', body: { success: true } };
}
