import type { AcceptedMessage, InboundRecord, LedgerEntry, ReadReceipt, Rejection } from '../state/records.js';
import type { WebhookDelivery } from '../webhooks/webhook-emitter.js';

/** snake_case views of the simulator's records for the control API. */
export function ledgerEntryJson(e: LedgerEntry): Record<string, unknown> {
  return {
    wamid: e.wamid,
    phone_number_id: e.phoneNumberId,
    to: e.to,
    recipient_user_id: e.recipientUserId,
    type: e.type,
    body: e.body,
    biz_opaque_callback_data: e.bizOpaqueCallbackData,
    context_message_id: e.contextMessageId,
    accepted_at: e.acceptedAt,
    response_lost: e.responseLost,
  };
}

export function acceptedJson(m: AcceptedMessage): Record<string, unknown> {
  return {
    ...ledgerEntryJson(m),
    input: m.input,
    api_version: m.apiVersion,
    template_name: m.templateName,
    template_category: m.templateCategory,
    window_open: m.windowOpen,
    failed_with: m.failedWith,
    choices: m.choices,
  };
}

export function rejectionJson(r: Rejection): Record<string, unknown> {
  return {
    at: r.at,
    phone_number_id: r.phoneNumberId,
    to: r.to,
    code: r.code,
    http_status: r.httpStatus,
    details: r.details,
    cause: r.cause,
    response_lost: r.responseLost,
  };
}

export function deliveryJson(d: WebhookDelivery): Record<string, unknown> {
  return {
    id: d.id,
    kind: d.kind,
    duplicate_of: d.duplicateOf,
    state: d.state,
    created_at: d.createdAt,
    delivered_at: d.deliveredAt,
    events: d.events.map((e) => ({
      event_id: e.eventId,
      kind: e.kind,
      wamid: e.wamid,
      status: e.status,
      phone_number_id: e.phoneNumberId,
      resent: e.resent,
    })),
    attempts: d.attempts.map((a) => ({
      at: a.at,
      status_code: a.statusCode,
      error: a.error,
      response_body: a.responseBody,
      duration_ms: a.durationMs,
    })),
    body: d.body,
  };
}

export function inboundJson(r: InboundRecord): Record<string, unknown> {
  return {
    wamid: r.wamid,
    phone_number_id: r.phoneNumberId,
    from: r.from,
    type: r.type,
    context_wamid: r.contextWamid,
    at: r.at,
    message: r.message,
  };
}

export function readReceiptJson(r: ReadReceipt): Record<string, unknown> {
  return { at: r.at, phone_number_id: r.phoneNumberId, message_id: r.messageId, known: r.known, typing_indicator: r.typingIndicator };
}
