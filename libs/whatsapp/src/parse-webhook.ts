import { contentId, eventKeyForEcho, eventKeyForError, eventKeyForField, eventKeyForMessage, eventKeyForStatus } from './event-keys.js';
import type { FieldEvent, WebhookEvent, WebhookParseResult } from './events.js';
import { toGraphError } from './graph-error.js';
import { idStr, int, isRecord, rec, records, str, type JsonRecord } from './json.js';
import { parseMessageEcho } from './parse-echo.js';
import { parseInboundMessage } from './parse-message.js';
import { matchContact, parseContact, parseStatus } from './parse-status.js';

/**
 * Parses a webhook POST body into events. Never throws. Reads every entry, every change and
 * every item (messages, statuses, errors, message echoes, user_preferences). Unknown fields and types become
 * events with their raw content rather than errors.
 */
export function parseWebhook(raw: Buffer | string): WebhookParseResult {
  let text: string;
  if (typeof raw === 'string') text = raw;
  else if (Buffer.isBuffer(raw)) text = raw.toString('utf8');
  else return failure('invalid_json', 'body is neither a string nor a Buffer');

  let body: unknown;
  try {
    body = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    return failure('invalid_json', messageOf(error, 'unparseable JSON'));
  }
  return parseWebhookJson(body);
}

/** Same as parseWebhook, for a body already parsed from JSON. */
export function parseWebhookJson(body: unknown): WebhookParseResult {
  if (!isRecord(body)) return failure('not_an_envelope', 'expected a JSON object');
  if (!Array.isArray(body.entry)) return failure('not_an_envelope', 'expected an "entry" array');
  try {
    const events: WebhookEvent[] = [];
    for (const entry of records(body.entry)) readEntry(entry, events);
    return { ok: true, events };
  } catch (error) {
    // Unreachable by design (see the property tests); kept so the contract holds regardless.
    return failure('not_an_envelope', `unreadable envelope: ${messageOf(error, 'error')}`);
  }
}

function messageOf(error: unknown, fallback: string): string {
  const message = isRecord(error) ? error.message : undefined;
  return typeof message === 'string' && message !== '' ? message : fallback;
}

function failure(code: 'invalid_json' | 'not_an_envelope', message: string): WebhookParseResult {
  return { ok: false, error: { code, message } };
}

function readEntry(entry: JsonRecord, events: WebhookEvent[]): void {
  const wabaId = idStr(entry.id);
  const entryTime = int(entry.time);
  for (const change of records(entry.changes)) {
    const value = change.value;
    const field = resolveField(change, value, entry);
    if (field === 'messages' && isRecord(value)) {
      const before = events.length;
      readMessagesValue(value, field, wabaId, events);
      if (events.length > before) continue;
      // A messages change with nothing we recognise is still kept, as a field event.
    }
    if (field === 'smb_message_echoes' && isRecord(value)) {
      const before = events.length;
      readEchoesValue(value, field, wabaId, events);
      if (events.length > before) continue;
      // An echoes change with no echo in it is still kept, as a field event.
    }
    if (field === 'user_preferences' && isRecord(value) && Array.isArray(value.user_preferences)) {
      const items = value.user_preferences;
      if (items.length > 0) {
        for (const item of items) events.push(fieldEvent(field, wabaId, entryTime, value, item, change));
        continue;
      }
    }
    events.push(fieldEvent(field, wabaId, entryTime, value, value, change));
  }
}

// Meta usually puts `field` on the change, but some of its examples put it inside `value` (account_update
// PARTNER_APP_INSTALLED) or on the entry; failing all three, infer it from the value's shape.
function resolveField(change: JsonRecord, value: unknown, entry: JsonRecord): string {
  const valueRecord = rec(value);
  const field = str(change.field) ?? (valueRecord && str(valueRecord.field)) ?? str(entry.field) ?? inferField(valueRecord);
  // Meta's own message_template_quality_update example is labelled message_template_status_update.
  if (field === 'message_template_status_update' && valueRecord && 'new_quality_score' in valueRecord && !('event' in valueRecord)) {
    return 'message_template_quality_update';
  }
  return field;
}

function inferField(value: JsonRecord | null): string {
  if (!value) return 'unknown';
  if (Array.isArray(value.messages) || Array.isArray(value.statuses)) return 'messages';
  if (Array.isArray(value.user_preferences)) return 'user_preferences';
  if (Array.isArray(value.message_echoes)) return 'smb_message_echoes';
  if (Array.isArray(value.errors) && isRecord(value.metadata)) return 'messages';
  return 'unknown';
}

function readMessagesValue(value: JsonRecord, field: string, wabaId: string | null, events: WebhookEvent[]): void {
  const metadata = rec(value.metadata);
  const phoneNumberId = metadata ? idStr(metadata.phone_number_id) : null;
  const displayPhoneNumber = metadata ? idStr(metadata.display_phone_number) : null;
  const contacts = records(value.contacts).map(parseContact);

  for (const raw of records(value.messages)) {
    const message = parseInboundMessage(raw);
    events.push({
      kind: 'message',
      key: eventKeyForMessage(phoneNumberId, message.id || contentId(raw)),
      field,
      wabaId,
      phoneNumberId,
      displayPhoneNumber,
      message,
      contact: matchContact(contacts, message.from, message.fromUserId),
      raw,
    });
  }

  for (const raw of records(value.statuses)) {
    const status = parseStatus(raw);
    events.push({
      kind: 'status',
      key: eventKeyForStatus(phoneNumberId, status.id || contentId(raw), status.status),
      field,
      wabaId,
      phoneNumberId,
      displayPhoneNumber,
      status,
      raw,
    });
  }

  for (const raw of records(value.errors)) {
    events.push({
      kind: 'error',
      key: eventKeyForError(phoneNumberId, raw),
      field,
      wabaId,
      phoneNumberId,
      error: toGraphError(raw),
      raw,
    });
  }
}

/** `message_echoes[]`: what the business sent from the WhatsApp Business app, one event per echo, keyed by wamid. */
function readEchoesValue(value: JsonRecord, field: string, wabaId: string | null, events: WebhookEvent[]): void {
  const metadata = rec(value.metadata);
  const phoneNumberId = metadata ? idStr(metadata.phone_number_id) : null;
  const displayPhoneNumber = metadata ? idStr(metadata.display_phone_number) : null;
  for (const raw of records(value.message_echoes)) {
    const echo = parseMessageEcho(raw);
    events.push({
      kind: 'echo',
      key: eventKeyForEcho(phoneNumberId, echo.id || contentId(raw)),
      field,
      wabaId,
      phoneNumberId,
      displayPhoneNumber,
      echo,
      raw,
    });
  }
}

function fieldEvent(field: string, wabaId: string | null, entryTime: number | null, changeValue: unknown, value: unknown, change: JsonRecord): FieldEvent {
  const valueRecord = rec(value);
  const changeRecord = rec(changeValue);
  const metadata = changeRecord && rec(changeRecord.metadata);
  const time = entryTime ?? (valueRecord ? int(valueRecord.timestamp) : null);
  return {
    kind: 'field',
    key: eventKeyForField(field, wabaId, time, value),
    field,
    wabaId,
    time,
    phoneNumberId: metadata ? idStr(metadata.phone_number_id) : null,
    value,
    raw: change,
  };
}
