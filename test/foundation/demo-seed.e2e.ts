import { seedDemo } from '../../apps/api/src/dev/demo-seed.js';
import { restoreSimulatorWindows } from '../../apps/api/src/dev/simulator-memory.js';
import { startSendbook, type Sendbook } from '../support/sendbook.js';
import { TEST_SECRETS } from '../support/test-env.js';
import { waitFor } from '../support/wait-for.js';

describe('npm start seeds a believable demo', () => {
  let sb: Sendbook;
  beforeAll(async () => {
    sb = await startSendbook();
  });
  afterAll(async () => {
    await sb?.close();
  });

  it('makes the threads a newcomer should see: choices under their message, a closed window, a failure with its reason, an unattributed reply', async () => {
    const lines: string[] = [];
    await seedDemo({ apiUrl: sb.url, apiKey: TEST_SECRETS.apiKey, sim: sb.sim, log: (l) => lines.push(l) });
    expect(lines).toEqual([expect.stringContaining('Demo threads')]);
    const conversations = (await sb.api().get('/v1/conversations?limit=20').expect(200)).body.data as {
      id: string;
      contact: { name: string };
      window_open: boolean;
    }[];
    const byName = (name: string) => conversations.find((c) => c.contact.name?.startsWith(name))!;
    expect(conversations.map((c) => c.contact.name).sort()).toEqual(['Ada Okafor', 'Ben Castillo', 'Chloé Martin', 'Dev Patel', 'Eve Nakamura']);
    expect(byName('Chloé').window_open).toBe(false);
    expect(byName('Ada').window_open).toBe(true);

    await waitFor(
      async () => {
        const ada = (await sb.api().get(`/v1/conversations/${byName('Ada').id}`)).body.timeline as {
          direction: string;
          inbound?: { choice: { title: string } | null; message_id: string | null };
        }[];
        return ada.some((e) => e.inbound?.choice?.title === 'Yes' && e.inbound.message_id !== null);
      },
      { what: "Ada's quick reply attributed to the reminder" },
    );
    const ben = (await sb.api().get(`/v1/conversations/${byName('Ben').id}`)).body.timeline as {
      inbound?: { choice: { id: string } | null; message_id: string | null };
    }[];
    expect(ben.some((e) => e.inbound?.choice?.id === 'slot_am' && e.inbound.message_id !== null)).toBe(true);

    await waitFor(
      async () => (await sb.api().get('/v1/work-items?kind=failed')).body.data.some((i: { last_error: { code: number } }) => i.last_error?.code === 131049),
      { what: "Dev's failed message" },
    );
    await waitFor(
      async () =>
        (await sb.api().get('/v1/work-items?kind=unattributed_inbound')).body.data.some((i: { inbound: { text: string } }) => i.inbound.text === 'yes please!'),
      { what: "Eve's unattributed reply" },
    );

    // A note on Dev's thread, a reaction on Ben's shipped template, a photo from Chloé.
    const timeline = async (name: string) =>
      (await sb.api().get(`/v1/conversations/${byName(name).id}`)).body.timeline as {
        direction: string;
        note?: { text: string };
        inbound?: { type: string; reaction: { emoji: string } | null; media: { caption: string | null } | null };
      }[];
    expect((await timeline('Dev')).some((e) => e.direction === 'note' && e.note!.text.includes('131049'))).toBe(true);
    await waitFor(async () => (await timeline('Ben')).some((e) => e.inbound?.reaction?.emoji === '👍'), { what: "Ben's reaction" });
    expect((await timeline('Chloé')).some((e) => e.inbound?.type === 'image' && e.inbound.media?.caption === 'This one, in M')).toBe(true);

    // Once per database: a restart adds nothing.
    const sends = sb.sim.ledger().length;
    await seedDemo({ apiUrl: sb.url, apiKey: TEST_SECRETS.apiKey, sim: sb.sim, log: () => undefined });
    expect(sb.sim.ledger().length).toBe(sends);
  });

  it('a restart with a new, empty simulator: a free-text reply the inbox offers to Ada is delivered, not refused with 131047', async () => {
    const ada = (await sb.api().get('/v1/conversations?q=16505550101').expect(200)).body.data[0] as { id: string; window_open: boolean };
    expect(ada.window_open).toBe(true);
    sb.sim.reset(); // what `npm start` meets after a restart: Meta's stand-in knows nobody

    const restored = await restoreSimulatorWindows({ apiUrl: sb.url, apiKey: TEST_SECRETS.apiKey, sim: sb.sim });
    expect(restored).toBe(4); // Ada, Ben, Dev and Eve wrote minutes ago; Chloé two days ago
    const id = (await sb.api().post(`/v1/conversations/${ada.id}/replies`).send({ text: 'Of course, dogs are welcome!' }).expect(201)).body.message
      .id as string;
    const message = async () => (await sb.api().get(`/v1/messages/${id}`)).body.message as { state: string; last_error: unknown };
    await waitFor(async () => ['sent', 'delivered', 'read', 'failed', 'held'].includes((await message()).state), {
      what: 'the reply to Ada to leave the queue',
    });
    expect(await message()).toMatchObject({ state: expect.stringMatching(/^(sent|delivered|read)$/), last_error: null });
    expect(sb.sim.rejections()).toEqual([]);
  });
});
