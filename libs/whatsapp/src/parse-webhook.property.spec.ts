import fc from 'fast-check';
import { eventKeyForError, eventKeyForMessage, eventKeyForStatus } from './event-keys.js';
import type { WebhookParseResult } from './events.js';
import { parseWebhook, parseWebhookJson } from './parse-webhook.js';

const RUNS = { numRuns: 300 };

function isWellFormed(result: WebhookParseResult): boolean {
  if (!result.ok) return result.error.code === 'invalid_json' || result.error.code === 'not_an_envelope';
  return result.events.every((event) => typeof event.key === 'string' && ['message', 'status', 'echo', 'error', 'field'].includes(event.kind));
}

// Envelopes whose every level may hold junk: the parser must walk them all without throwing.
const junk = fc.jsonValue({ maxDepth: 3 });
const messagesValue = fc.record(
  {
    messaging_product: fc.oneof(fc.constant('whatsapp'), junk),
    metadata: fc.oneof(fc.record({ phone_number_id: fc.oneof(fc.string(), junk), display_phone_number: junk }), junk),
    contacts: fc.oneof(fc.array(fc.record({ wa_id: junk, user_id: junk, profile: junk }, { requiredKeys: [] })), junk),
    messages: fc.oneof(
      fc.array(
        fc.record(
          {
            id: fc.oneof(fc.string(), junk),
            from: junk,
            from_user_id: junk,
            timestamp: fc.oneof(fc.string(), fc.integer(), junk),
            type: fc.oneof(
              fc.constantFrom(
                'text',
                'image',
                'interactive',
                'button',
                'reaction',
                'order',
                'system',
                'edit',
                'revoke',
                'unsupported',
                'contacts',
                'location',
                'toString',
                '__proto__',
              ),
              junk,
            ),
            text: junk,
            image: junk,
            interactive: fc.oneof(
              fc.record({ type: fc.constantFrom('button_reply', 'list_reply', 'nfm_reply'), button_reply: junk, list_reply: junk, nfm_reply: junk }),
              junk,
            ),
            button: junk,
            reaction: junk,
            order: fc.oneof(fc.record({ product_items: fc.oneof(fc.array(junk), junk) }), junk),
            system: junk,
            edit: fc.oneof(fc.record({ original_message_id: junk, message: junk }), junk),
            revoke: junk,
            contacts: junk,
            location: junk,
            context: junk,
            referral: junk,
            errors: junk,
          },
          { requiredKeys: [] },
        ),
      ),
      junk,
    ),
    statuses: fc.oneof(
      fc.array(fc.record({ id: junk, status: junk, timestamp: junk, conversation: junk, pricing: junk, errors: junk }, { requiredKeys: [] })),
      junk,
    ),
    errors: fc.oneof(fc.array(junk), junk),
    user_preferences: fc.oneof(fc.array(junk), junk),
    field: junk,
  },
  { requiredKeys: [] },
);
const change = fc.record(
  {
    field: fc.oneof(fc.constantFrom('messages', 'user_preferences', 'account_update', 'message_template_status_update'), junk),
    value: fc.oneof(messagesValue, junk),
  },
  { requiredKeys: [] },
);
const envelope = fc.record(
  {
    object: junk,
    entry: fc.array(
      fc.oneof(fc.record({ id: junk, time: junk, field: junk, changes: fc.oneof(fc.array(fc.oneof(change, junk)), junk) }, { requiredKeys: [] }), junk),
      { maxLength: 4 },
    ),
  },
  { requiredKeys: ['entry'] },
);

describe('parseWebhook never throws', () => {
  it('on arbitrary JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(isWellFormed(parseWebhook(JSON.stringify(value)))).toBe(true);
      }),
      RUNS,
    );
  });

  it('on arbitrary envelope-shaped JSON with junk at every level', () => {
    fc.assert(
      fc.property(envelope, (value) => {
        const body = JSON.stringify(value);
        const result = parseWebhook(body);
        expect(result.ok).toBe(true);
        expect(isWellFormed(result)).toBe(true);
        expect(parseWebhook(Buffer.from(body))).toEqual(result);
      }),
      RUNS,
    );
  });

  it('on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 512 }), (bytes) => {
        expect(isWellFormed(parseWebhook(Buffer.from(bytes)))).toBe(true);
      }),
      RUNS,
    );
  });

  it('on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 256 }), (text) => {
        expect(isWellFormed(parseWebhook(text))).toBe(true);
      }),
      RUNS,
    );
  });

  it('on arbitrary JavaScript values given to parseWebhookJson', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(isWellFormed(parseWebhookJson(value))).toBe(true);
      }),
      RUNS,
    );
  });
});

// ---- Re-batching: the same events, grouped differently, give the same multiset of keys ----

type GeneratedEvent =
  | { kind: 'message'; pn: string; wamid: string; text: string }
  | { kind: 'status'; pn: string; wamid: string; status: string }
  | { kind: 'error'; pn: string; code: number; details: string };

const pn = fc.constantFrom('106540352242922', '1122334455667', '999');
const wamid = fc.stringMatching(/^wamid\.[A-Za-z0-9+/=]{1,10}$/);
const generatedEvent: fc.Arbitrary<GeneratedEvent> = fc.oneof(
  fc.record({ kind: fc.constant('message' as const), pn, wamid, text: fc.string() }),
  fc.record({ kind: fc.constant('status' as const), pn, wamid, status: fc.constantFrom('sent', 'delivered', 'read', 'played', 'failed', 'deleted') }),
  fc.record({ kind: fc.constant('error' as const), pn, code: fc.constantFrom(130429, 131000, 131047), details: fc.string() }),
);

interface Placement {
  entry: number;
  change: number;
  order: number;
  fieldInValue: boolean;
}

/** Where each event goes: entry, change within it, position, and cosmetic variations. */
const placement: fc.Arbitrary<Placement> = fc.record({ entry: fc.nat(2), change: fc.nat(2), order: fc.double({ noNaN: true }), fieldInValue: fc.boolean() });

function toItem(event: GeneratedEvent): unknown {
  switch (event.kind) {
    case 'message':
      return { from: '16505551234', id: event.wamid, timestamp: '1750000000', type: 'text', text: { body: event.text } };
    case 'status':
      return { id: event.wamid, status: event.status, timestamp: '1750000001', recipient_id: '16505551234' };
    case 'error':
      return { code: event.code, title: 'T', message: 'T', error_data: { details: event.details } };
  }
}

function expectedKey(event: GeneratedEvent): string {
  switch (event.kind) {
    case 'message':
      return eventKeyForMessage(event.pn, event.wamid);
    case 'status':
      return eventKeyForStatus(event.pn, event.wamid, event.status);
    case 'error':
      return eventKeyForError(event.pn, toItem(event));
  }
}

function batch(events: readonly GeneratedEvent[], places: readonly Placement[]): string {
  const order = events.map((event, i) => ({ event, place: places[i] ?? { entry: 0, change: 0, order: 0, fieldInValue: false } }));
  order.sort((a, b) => a.place.order - b.place.order);
  const entries = new Map<number, Map<string, { pn: string; fieldInValue: boolean; messages: unknown[]; statuses: unknown[]; errors: unknown[] }>>();
  for (const { event, place } of order) {
    const changes = entries.get(place.entry) ?? new Map();
    entries.set(place.entry, changes);
    // A change carries one phone number's metadata, so group by (slot, phone number).
    const slot = `${place.change}|${event.pn}`;
    const group = changes.get(slot) ?? { pn: event.pn, fieldInValue: place.fieldInValue, messages: [], statuses: [], errors: [] };
    changes.set(slot, group);
    const list = event.kind === 'message' ? group.messages : event.kind === 'status' ? group.statuses : group.errors;
    list.push(toItem(event));
  }
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [...entries.entries()].map(([, changes]) => ({
      id: '102290129340398',
      changes: [...changes.values()].map((group) => {
        const value = {
          messaging_product: 'whatsapp',
          metadata: { display_phone_number: '15550000000', phone_number_id: group.pn },
          contacts: [{ profile: { name: 'A' }, wa_id: '16505551234' }],
          ...(group.messages.length ? { messages: group.messages } : {}),
          ...(group.statuses.length ? { statuses: group.statuses } : {}),
          ...(group.errors.length ? { errors: group.errors } : {}),
        };
        return group.fieldInValue ? { value: { ...value, field: 'messages' } } : { field: 'messages', value };
      }),
    })),
  });
}

function keysOf(body: string): string[] {
  const result = parseWebhook(body);
  if (!result.ok) throw new Error(result.error.message);
  return result.events.map((event) => event.key).sort();
}

describe('event keys are stable under re-batching', () => {
  it('gives the same multiset of keys however the events are grouped into entries and changes', () => {
    const scenario = fc
      .array(generatedEvent, { minLength: 1, maxLength: 25 })
      .chain((events) =>
        fc.tuple(
          fc.constant(events),
          fc.array(placement, { minLength: events.length, maxLength: events.length }),
          fc.array(placement, { minLength: events.length, maxLength: events.length }),
        ),
      );
    fc.assert(
      fc.property(scenario, ([events, first, second]) => {
        const a = keysOf(batch(events, first));
        const b = keysOf(batch(events, second));
        expect(a).toEqual(b);
        expect(a).toEqual(events.map(expectedKey).sort());
      }),
      RUNS,
    );
  });

  it('gives the same keys when each event arrives in its own POST', () => {
    fc.assert(
      fc.property(fc.array(generatedEvent, { minLength: 1, maxLength: 15 }), fc.array(placement, { minLength: 15, maxLength: 15 }), (events, places) => {
        const together = keysOf(batch(events, places));
        const alone = events.flatMap((event) => keysOf(batch([event], places))).sort();
        expect(alone).toEqual(together);
      }),
      RUNS,
    );
  });
});
