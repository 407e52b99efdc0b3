import type { ContactObject, WebhookChangeValue, WebhookEnvelope, WebhookEvent } from './webhook-types.js';

/**
 * Builds one webhook POST body from a batch of events: one entry per WABA, one `messages` change per
 * business number (its statuses and inbound messages together), contacts de-duplicated by wa_id (or
 * user_id), and one `smb_message_echoes` change per number for what its business sent from the app.
 */
export function buildEnvelope(events: readonly WebhookEvent[]): WebhookEnvelope {
  const entries = new Map<string, Map<string, WebhookEvent[]>>();
  for (const event of events) {
    const byNumber = entries.get(event.wabaId) ?? new Map<string, WebhookEvent[]>();
    entries.set(event.wabaId, byNumber);
    byNumber.set(event.phoneNumberId, [...(byNumber.get(event.phoneNumberId) ?? []), event]);
  }
  return {
    object: 'whatsapp_business_account',
    entry: [...entries].map(([wabaId, byNumber]) => ({
      id: wabaId,
      changes: [...byNumber.values()].flatMap((group) => {
        const messages = group.filter((e) => e.kind !== 'echo');
        const echoes = group.filter((e) => e.kind === 'echo');
        return [
          ...(messages.length > 0 ? [{ value: changeValue(messages), field: 'messages' as const }] : []),
          ...(echoes.length > 0 ? [{ value: echoValue(echoes), field: 'smb_message_echoes' as const }] : []),
        ];
      }),
    })),
  };
}

function changeValue(events: WebhookEvent[]): WebhookChangeValue {
  const first = events[0];
  if (!first) throw new Error('changeValue needs at least one event');
  const value: WebhookChangeValue = {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: first.displayPhoneNumber, phone_number_id: first.phoneNumberId },
  };
  const contacts = new Map<string, ContactObject>();
  for (const event of events) if (event.contact) contacts.set(event.contact.wa_id ?? event.contact.user_id ?? '', event.contact);
  if (contacts.size > 0) value.contacts = [...contacts.values()];
  const messages = events.flatMap((e) => (e.kind === 'message' ? [e.message] : []));
  const statuses = events.flatMap((e) => (e.kind === 'status' ? [e.status] : []));
  if (messages.length > 0) value.messages = messages;
  if (statuses.length > 0) value.statuses = statuses;
  return value;
}

/** `smb_message_echoes`: metadata and the echoes, no contacts (Meta's example). */
function echoValue(events: WebhookEvent[]): WebhookChangeValue {
  const first = events[0]!;
  return {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: first.displayPhoneNumber, phone_number_id: first.phoneNumberId },
    message_echoes: events.flatMap((e) => (e.kind === 'echo' ? [e.echo] : [])),
  };
}
