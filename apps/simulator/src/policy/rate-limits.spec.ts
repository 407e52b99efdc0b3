import { createSimulator } from '../simulator.js';
import type { Simulator } from '../simulator-api.js';
import { errorCode, postMessage, templateBody, wamidOf } from '../testing/graph-requests.js';

describe('rate limits over HTTP', () => {
  let sim: Simulator;

  beforeEach(async () => {
    sim = await createSimulator();
    // A frozen clock makes "within one second" exact, however slow the machine is.
    sim.clock.freeze(Date.UTC(2026, 0, 5, 9, 0, 0));
  });

  afterEach(async () => {
    await sim.close();
  });

  it('accepts exactly 80 of a 200-send burst on one number and answers 130429 to the rest', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => postMessage(sim, templateBody(`1650555${String(i).padStart(4, '0')}`, 'hello_world', 'en_US'))),
    );

    const accepted = answers.filter((a) => a.status === 200);
    const limited = answers.filter((a) => errorCode(a) === 130429);
    expect(accepted).toHaveLength(80);
    expect(limited).toHaveLength(120);
    expect(limited[0]?.status).toBe(400);
    expect(limited[0]?.json).toEqual({
      error: {
        message: '(#130429) Rate limit hit',
        type: 'OAuthException',
        code: 130429,
        error_data: { messaging_product: 'whatsapp', details: 'Cloud API message throughput has been reached.' },
        error_subcode: 2494055,
        fbtrace_id: expect.any(String),
      },
    });
    expect(sim.ledger()).toHaveLength(80);
    expect(sim.rejections().filter((r) => r.code === 130429)).toHaveLength(120);
    expect(sim.requests()).toBe(200);
  });

  it('frees the window one second later (sliding window)', async () => {
    await Promise.all(Array.from({ length: 80 }, (_, i) => postMessage(sim, templateBody(`1650666${String(i).padStart(4, '0')}`, 'hello_world', 'en_US'))));
    expect(errorCode(await postMessage(sim, templateBody('16507770000', 'hello_world', 'en_US')))).toBe(130429);

    sim.clock.advance(999);
    expect(errorCode(await postMessage(sim, templateBody('16507770001', 'hello_world', 'en_US')))).toBe(130429);
    sim.clock.advance(1);
    expect((await postMessage(sim, templateBody('16507770002', 'hello_world', 'en_US'))).status).toBe(200);
  });

  it('honours a per-number cap', async () => {
    sim.configure({ phoneNumbers: [{ id: '111', displayPhoneNumber: '15550001111', wabaId: '999', mps: 20 }] });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        postMessage(sim, templateBody(`1650888${String(i).padStart(4, '0')}`, 'hello_world', 'en_US'), { phoneNumberId: '111' }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(20);
  });

  it('refuses a second send to the same user within 6 s with 131056, and accepts it 6 s later', async () => {
    const first = await postMessage(sim, templateBody('16505551234', 'hello_world', 'en_US'));
    expect(first.status).toBe(200);

    sim.clock.advance(5999);
    const second = await postMessage(sim, templateBody('16505551234', 'hello_world', 'en_US'));
    expect(second.status).toBe(400);
    expect(errorCode(second)).toBe(131056);
    expect((second.json.error as { message: string }).message).toBe('(#131056) (Business Account, Consumer Account) pair rate limit hit');

    // Other users are unaffected.
    expect((await postMessage(sim, templateBody('16505559999', 'hello_world', 'en_US'))).status).toBe(200);

    sim.clock.advance(1);
    const third = await postMessage(sim, templateBody('16505551234', 'hello_world', 'en_US'));
    expect(third.status).toBe(200);
    expect(wamidOf(third)).toMatch(/^wamid\./);
    expect(sim.ledgerCountByRecipient()['16505551234']).toBe(2);
  });

  it('allows a burst when pairBurst is raised, then paces it', async () => {
    sim.configure({ pairBurst: 3 });
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await postMessage(sim, templateBody('16505551234', 'hello_world', 'en_US'))).status);
    expect(codes).toEqual([200, 200, 200, 400]);
    sim.clock.advance(6000);
    expect((await postMessage(sim, templateBody('16505551234', 'hello_world', 'en_US'))).status).toBe(200);
    expect(errorCode(await postMessage(sim, templateBody('16505551234', 'hello_world', 'en_US')))).toBe(131056);
  });
});
