import type { INestApplication } from '@nestjs/common';
import { createHttpApp } from '../../apps/api/src/create-app.js';
import { startSendbook, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';
import { connectSse } from './sse-client.js';

describe('live events across API instances (one database, one Redis prefix)', () => {
  let sb: Sendbook;
  let second: INestApplication;
  let secondUrl: string;
  beforeAll(async () => {
    sb = await startSendbook();
    // Instance B: the same configuration (database, Redis prefix), its own HTTP server.
    second = await createHttpApp(sb.config);
    await second.listen(0, '127.0.0.1');
    secondUrl = (await second.getUrl()).replace('[::1]', '127.0.0.1');
  });
  afterAll(async () => {
    await second.close();
    await sb.close();
  });

  it('a client of instance B hears what instance A published', async () => {
    const onB = await connectSse(secondUrl);
    try {
      expect(onB.status).toBe(200);
      await waitFor(() => onB.comments.includes('connected'));
      // The simulator posts its webhooks to instance A only.
      const wamid = sb.sim.customer('16505550401').sendText('hi from the other side');
      const event = await onB.waitFor((e) => e.event === 'inbound.created' && e.data.wamid === wamid, 'inbound.created on B');
      expect(event.data.conversation_id).toEqual(expect.any(String));

      // And the other way round: a message enqueued on B; its status events reach a client of A.
      const onA = await connectSse(sb.url);
      try {
        await waitFor(() => onA.comments.includes('connected'));
        const res = await fetch(`${secondUrl}/v1/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${(await import('../support/test-env.js')).TEST_SECRETS.apiKey}` },
          body: JSON.stringify({ dedupe_key: 'multi-1', to: '+16505550401', purpose: 'agent_reply', payload: { type: 'text', text: { body: 'hello' } } }),
        });
        expect(res.status).toBe(201);
        const id = ((await res.json()) as { message: { id: string } }).message.id;
        await onA.waitFor((e) => e.event === 'message.status' && e.data.message_id === id && e.data.state === 'accepted', 'accepted on A');
      } finally {
        onA.close();
      }
    } finally {
      onB.close();
    }
  });
});
