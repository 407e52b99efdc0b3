// What the integrators and agents will ask for, decided up front from the seed, so a run with the
// same --messages and --seed makes the same requests in the same order.
import { Prng } from '../../apps/simulator/dist/index.js';

/** Shares of the plan; the rest of the business events are integrator enqueues. */
export const SHARES = Object.freeze({
  /** An agent's reply in the inbox, double-clicked: two identical concurrent POSTs. */
  agentReply: 0.1,
  /** The integrator repeats a request later (a retry after a timeout, a replayed job). */
  repeatLater: 0.15,
  /** The integrator sends the same request twice at once (two app servers, one event). */
  repeatConcurrent: 0.1,
});

/**
 * `warm`: customers who wrote first (their 24 h window is open): free text, buttons and templates.
 * `cold`: numbers that never wrote: templates only, which count against the messaging limit.
 */
export function planLoad({ messages, seed, warm, cold }) {
  const rng = new Prng(seed);
  const intents = [];
  for (let i = 0; i < messages; i++) {
    const toWarm = rng.chance(warm.length / (warm.length + cold.length));
    const waId = toWarm ? rng.pick(warm) : rng.pick(cold);
    if (toWarm && rng.chance(SHARES.agentReply)) {
      intents.push({ i, kind: 'reply', waId, reply: { text: `Agent answer #${i}: we are on it`, client_request_id: `chaos-${seed}-agent-${i}` } });
      continue;
    }
    const roll = rng.next();
    const request = { dedupe_key: `chaos-${seed}:event-${i}:${waId}`, to: `+${waId}`, ...(toWarm ? warmMessage(i, roll) : coldMessage(i, roll)) };
    const repeat = rng.chance(SHARES.repeatConcurrent) ? 'concurrent' : rng.chance(SHARES.repeatLater) ? 'later' : 'none';
    intents.push({ i, kind: 'enqueue', waId, request, repeat });
  }
  return intents;
}

function warmMessage(i, roll) {
  if (roll < 0.4) return { purpose: 'order_update', payload: { type: 'text', text: { body: `Update #${i}: your order is being packed` } } };
  if (roll < 0.7) {
    return {
      purpose: 'booking_question',
      payload: {
        type: 'interactive',
        interactive: {
          type: 'button',
          body: { text: `Booking #${i}: does Monday 9am work?` },
          action: {
            buttons: [
              { type: 'reply', reply: { id: 'confirm', title: 'Yes' } },
              { type: 'reply', reply: { id: 'decline', title: 'No' } },
            ],
          },
        },
      },
    };
  }
  return coldMessage(i, roll);
}

function coldMessage(i, roll) {
  if (roll < 0.85) return { purpose: 'order_shipped', payload: orderShipped(i) };
  return {
    purpose: 'appointment_reminder',
    payload: {
      type: 'template',
      template: {
        name: 'appointment_reminder',
        language: { code: 'en' },
        components: [
          { type: 'header', parameters: [{ type: 'text', parameter_name: 'first_name', text: 'Pablo' }] },
          {
            type: 'body',
            parameters: [
              { type: 'text', parameter_name: 'day', text: 'Monday' },
              { type: 'text', parameter_name: 'time', text: `${(i % 8) + 9}am` },
            ],
          },
        ],
      },
    },
  };
}

function orderShipped(i) {
  return {
    type: 'template',
    template: {
      name: 'order_shipped',
      language: { code: 'en' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Pablo' },
            { type: 'text', text: String(40_000 + i) },
            { type: 'text', text: 'Friday' },
          ],
        },
      ],
    },
  };
}

/** Numbers that never write first: `count` of them, from the seed, none a simulated customer. */
export function coldNumbers(seed, count, taken) {
  const rng = new Prng(seed ^ 0x5eed);
  const numbers = new Set();
  while (numbers.size < count) {
    const waId = `97252${rng.int(1_000_000, 9_999_999)}`;
    if (!taken.has(waId)) numbers.add(waId);
  }
  return [...numbers];
}
