import { waitFor } from '../support/wait-for.js';
import type { Sendbook } from '../support/sendbook.js';

export const REPLY_PURPOSE = 'appointment_reminder';

/** The simulator's appointment_reminder template (quick replies Yes / No). */
export function reminderPayload(day = 'Monday') {
  return {
    type: 'template',
    template: {
      name: 'appointment_reminder',
      language: { code: 'en' },
      components: [
        { type: 'header', parameters: [{ type: 'text', parameter_name: 'first_name', text: 'Pablo' }] },
        {
          type: 'body',
          parameters: [
            { type: 'text', parameter_name: 'day', text: day },
            { type: 'text', parameter_name: 'time', text: '9am' },
          ],
        },
      ],
    },
  };
}

export function buttonsPayload(question: string) {
  return {
    type: 'interactive',
    interactive: {
      type: 'button',
      body: { text: question },
      action: {
        buttons: [
          { type: 'reply', reply: { id: 'confirm', title: 'Yes' } },
          { type: 'reply', reply: { id: 'decline', title: 'No' } },
        ],
      },
    },
  };
}

let n = 0;

/** Enqueues a message to `waId` and waits until Meta accepted it; returns its id and wamid. */
export async function sendTo(sb: Sendbook, waId: string, payload: Record<string, unknown>, purpose = REPLY_PURPOSE): Promise<{ id: string; wamid: string }> {
  n += 1;
  const res = await sb
    .api()
    .post('/v1/messages')
    .send({ dedupe_key: `conv-test-${waId}-${n}`, to: `+${waId}`, purpose, payload })
    .expect(201);
  const id = res.body.message.id as string;
  let wamid: string | null = null;
  await waitFor(
    async () => {
      const m = (await sb.api().get(`/v1/messages/${id}`).expect(200)).body.message;
      if (m.state === 'failed') throw new Error(`send failed: ${JSON.stringify(m.last_error)}`);
      wamid = m.wamid;
      return wamid !== null;
    },
    { what: `message ${id} accepted` },
  );
  return { id, wamid: wamid as unknown as string };
}

/** Waits for the inbound message `wamid` to be stored (and placed), then returns its resource. */
export async function inbound(sb: Sendbook, wamid: string): Promise<Record<string, unknown> & { id: string }> {
  let id: string | undefined;
  await waitFor(
    async () => {
      const rows = await sb.dataSource.query(`SELECT id FROM inbound_messages WHERE wamid = $1`, [wamid]);
      id = rows[0]?.id;
      return id !== undefined;
    },
    { what: `inbound ${wamid} stored` },
  );
  return (await sb.api().get(`/v1/inbound/${id}`).expect(200)).body.inbound;
}
