import { startSendbook, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';
import { inbound } from '../conversations/conversation-support.js';

describe('mark-as-read when an agent opens a conversation (MARK_READ_ON_OPEN)', () => {
  describe('with MARK_READ_ON_OPEN=true', () => {
    let sb: Sendbook;
    beforeAll(async () => {
      sb = await startSendbook({ app: { env: { MARK_READ_ON_OPEN: 'true' } } });
    });
    afterAll(() => sb.close());

    it('seen marks the thread newest inbound message read at Meta', async () => {
      const customer = sb.sim.customer('16505550501');
      await inbound(sb, customer.sendText('first'));
      const newest = await inbound(sb, customer.sendText('second'));
      const seen = await sb
        .api()
        .post(`/v1/conversations/${String(newest.conversation_id)}/seen`)
        .expect(200);
      expect(seen.body.conversation.unread_count).toBe(0);
      await waitFor(() => sb.sim.readReceipts().some((r) => r.messageId === newest.wamid), { what: 'read receipt' });
      expect(sb.sim.readReceipts()).toEqual([expect.objectContaining({ messageId: newest.wamid, known: true })]);

      // Seen again, then answered: the message was marked read already, so nothing more goes to Meta.
      await sb
        .api()
        .post(`/v1/conversations/${String(newest.conversation_id)}/seen`)
        .expect(200);
      await sb
        .api()
        .post(`/v1/conversations/${String(newest.conversation_id)}/replies`)
        .send({ text: 'Thanks, on it.', client_request_id: 'after-seen' })
        .expect(201);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(sb.sim.readReceipts()).toHaveLength(1);
    });
  });

  describe('by default', () => {
    let sb: Sendbook;
    beforeAll(async () => {
      sb = await startSendbook();
    });
    afterAll(() => sb.close());

    it('seen only resets the unread count', async () => {
      const message = await inbound(sb, sb.sim.customer('16505550502').sendText('hello'));
      await sb
        .api()
        .post(`/v1/conversations/${String(message.conversation_id)}/seen`)
        .expect(200);
      await new Promise((r) => setTimeout(r, 300));
      expect(sb.sim.readReceipts()).toEqual([]);
    });
  });
});
