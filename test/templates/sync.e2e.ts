import { DEFAULT_TEMPLATES, type TemplateDefinition } from '@sendbook/simulator';
import { startSendbook, type Sendbook } from '../support/sendbook.js';

/** More templates than fit on one page of the sync (page size 4 below). */
const EXTRA: TemplateDefinition[] = Array.from({ length: 9 }, (_, i) => ({
  id: String(9_000_000_000 + i),
  name: `promo_${String(i).padStart(2, '0')}`,
  language: i % 2 === 0 ? 'en' : 'pt_BR',
  status: i === 0 ? 'PENDING' : 'APPROVED',
  category: 'MARKETING',
  parameter_format: 'POSITIONAL',
  components: [{ type: 'BODY', text: `Deal ${i}: {{1}} off` }],
}));

describe('the template registry is synced from Meta', () => {
  let sb: Sendbook;
  const all = [...DEFAULT_TEMPLATES, ...EXTRA];

  beforeAll(async () => {
    sb = await startSendbook({ sim: { templates: all }, app: { env: { TEMPLATE_SYNC_PAGE_SIZE: '4' } } });
  });
  afterAll(() => sb.close());

  it('POST /v1/templates/sync follows every page; GET /v1/templates lists them all', async () => {
    const requestsBefore = sb.sim.requests();
    const res = await sb.api().post('/v1/templates/sync').expect(200);
    expect(res.body).toEqual({ waba_id: '102290129340398', synced: all.length, removed: 0 });
    // 17 templates at 4 a page: 5 pages.
    expect(sb.sim.requests() - requestsBefore).toBeGreaterThanOrEqual(5);

    const list = await sb.api().get('/v1/templates').expect(200);
    expect(list.body.data.map((t: { name: string; language: string }) => `${t.name}/${t.language}`).sort()).toEqual(
      all.map((t) => `${t.name}/${t.language}`).sort(),
    );
    expect(list.body.data.find((t: { name: string }) => t.name === 'order_shipped')).toMatchObject({
      id: '1402287104165532',
      language: 'en',
      category: 'UTILITY',
      status: 'APPROVED',
      parameter_format: 'POSITIONAL',
      components: expect.arrayContaining([expect.objectContaining({ type: 'BODY' })]),
    });
  });

  it('filters by status, name and language', async () => {
    await sb.api().post('/v1/templates/sync').expect(200);
    const pending = await sb.api().get('/v1/templates?status=PENDING').expect(200);
    expect(pending.body.data.map((t: { name: string }) => t.name).sort()).toEqual(['promo_00', 'winter_promo']);
    const pt = await sb.api().get('/v1/templates?language=pt_BR').expect(200);
    expect(pt.body.data).toHaveLength(4);
    const one = await sb.api().get('/v1/templates?name=hello_world&language=en_US').expect(200);
    expect(one.body.data).toHaveLength(1);
    await sb.api().get('/v1/templates?status=approved').expect(400);
  });

  it('a template Meta no longer lists leaves the registry on the next sync', async () => {
    sb.sim.configure({ templates: all.filter((t) => t.name !== 'promo_03') });
    const res = await sb.api().post('/v1/templates/sync').expect(200);
    expect(res.body).toMatchObject({ synced: all.length - 1, removed: 1 });
    const list = await sb.api().get('/v1/templates?name=promo_03').expect(200);
    expect(list.body.data).toEqual([]);
  });
});
