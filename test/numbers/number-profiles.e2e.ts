import { startSendbook, type Sendbook } from '../support/sendbook.js';
import { waitFor } from '../support/wait-for.js';

interface NumberItem {
  phone_number_id: string;
  profile: { verified_name: string | null; quality_rating: string | null; throughput_level: string | null; synced_at: string | null } | null;
}

describe("number profiles: Meta's verified name, quality rating and throughput level, read from Graph", () => {
  let sb: Sendbook;
  beforeAll(async () => {
    sb = await startSendbook();
  });
  afterAll(() => sb.close());

  const ours = async (): Promise<NumberItem> =>
    ((await sb.api().get('/v1/numbers').expect(200)).body.data as NumberItem[]).find((n) => n.phone_number_id === sb.config.whatsapp.phoneNumberId)!;

  it('are read on boot, and again when an admin asks after Meta changed them', async () => {
    await waitFor(async () => (await ours()).profile?.quality_rating === 'GREEN', { what: 'the boot sync' });
    expect((await ours()).profile).toMatchObject({ verified_name: 'Sendbook Demo Shop', throughput_level: 'STANDARD' });

    const number = sb.sim.config().phoneNumbers[0]!;
    sb.sim.configure({ phoneNumbers: [{ ...number, qualityRating: 'YELLOW', mps: 1000 }] });
    const synced = (await sb.api().post('/v1/numbers/sync').expect(200)).body;
    expect(synced.synced).toContain(sb.config.whatsapp.phoneNumberId);
    expect(synced.failed).toEqual([]);
    const after = (await ours()).profile!;
    expect(after).toMatchObject({ quality_rating: 'YELLOW', throughput_level: 'HIGH' });
    expect(Date.now() - new Date(after.synced_at!).getTime()).toBeLessThan(60_000);

    const audit = await sb.dataSource.query(`SELECT actor FROM audit_events WHERE action = 'numbers.profiles_synced'`);
    expect(audit).toEqual([{ actor: await sb.keyActor() }]);
  });

  it('a number Meta refuses to describe is reported, not fatal for the others', async () => {
    await sb.dataSource.query(
      `INSERT INTO business_numbers (phone_number_id, display_phone_number, seen_at) VALUES ('999000111', '15550000111', now()) ON CONFLICT DO NOTHING`,
    );
    const synced = (await sb.api().post('/v1/numbers/sync').expect(200)).body;
    expect(synced.synced).toContain(sb.config.whatsapp.phoneNumberId);
    expect(synced.failed).toEqual([expect.objectContaining({ phone_number_id: '999000111', outcome: 'rejected' })]);
  });
});
