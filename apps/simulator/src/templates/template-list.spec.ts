import { createSimulator } from '../simulator.js';
import type { Simulator } from '../simulator-api.js';
import type { TemplateDefinition } from './template-types.js';

interface Page {
  data: TemplateDefinition[];
  paging?: { cursors: { before: string; after: string }; next?: string; previous?: string };
}

describe('GET /{waba_id}/message_templates', () => {
  let sim: Simulator;
  const templates: TemplateDefinition[] = Array.from({ length: 7 }, (_, i) => ({
    id: String(1000 + i),
    name: `template_${i}`,
    language: 'en',
    status: i === 6 ? 'REJECTED' : 'APPROVED',
    category: 'UTILITY',
    components: [{ type: 'BODY', text: `Body ${i} {{1}}` }],
  }));

  beforeAll(async () => {
    sim = await createSimulator({ templates, accessToken: 'tok' });
  });

  afterAll(async () => {
    await sim.close();
  });

  async function get(url: string, token = 'tok'): Promise<{ status: number; json: Page }> {
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, json: (await res.json()) as Page };
  }

  it('pages through the catalogue with cursors and omits next on the last page', async () => {
    const first = await get(`${sim.url}/v23.0/102290129340398/message_templates?limit=3`);
    expect(first.status).toBe(200);
    expect(first.json.data.map((t) => t.name)).toEqual(['template_0', 'template_1', 'template_2']);
    expect(first.json.paging?.cursors).toEqual({ before: expect.any(String), after: expect.any(String) });
    expect(first.json.paging?.previous).toBeUndefined();
    expect(first.json.paging?.next).toMatch(new RegExp(`^${sim.url}/v23.0/102290129340398/message_templates\\?`));

    const second = await get(first.json.paging?.next ?? '');
    expect(second.json.data.map((t) => t.name)).toEqual(['template_3', 'template_4', 'template_5']);
    expect(second.json.paging?.previous).toBeDefined();

    const third = await get(second.json.paging?.next ?? '');
    expect(third.json.data.map((t) => t.name)).toEqual(['template_6']);
    expect(third.json.paging).not.toHaveProperty('next');

    const back = await get(`${sim.url}/v23.0/102290129340398/message_templates?limit=3&before=${second.json.paging?.cursors.before ?? ''}`);
    expect(back.json.data.map((t) => t.name)).toEqual(['template_0', 'template_1', 'template_2']);
  });

  it("returns Meta's template shape", async () => {
    const { json } = await get(`${sim.url}/v23.0/102290129340398/message_templates?limit=1`);
    expect(json.data[0]).toEqual({
      name: 'template_0',
      components: [{ type: 'BODY', text: 'Body 0 {{1}}' }],
      language: 'en',
      status: 'APPROVED',
      category: 'UTILITY',
      id: '1000',
    });
    expect(Object.keys(json.data[0] ?? {})).toEqual(['name', 'components', 'language', 'status', 'category', 'id']);
  });

  it('filters by status and reads the whole list with a large limit', async () => {
    const { json } = await get(`${sim.url}/v23.0/102290129340398/message_templates?status=REJECTED`);
    expect(json.data.map((t) => t.name)).toEqual(['template_6']);
    const all = await get(`${sim.url}/v23.0/102290129340398/message_templates?limit=100`);
    expect(all.json.data).toHaveLength(7);
    expect(all.json.paging).not.toHaveProperty('next');
  });

  it('requires the token and a known WABA', async () => {
    expect((await get(`${sim.url}/v23.0/102290129340398/message_templates`, 'nope')).status).toBe(401);
    expect((await get(`${sim.url}/v23.0/42/message_templates`)).status).toBe(400);
  });

  it('reflects templates changed at run time', async () => {
    sim.configure({ templates: templates.slice(0, 2) });
    const { json } = await get(`${sim.url}/v23.0/102290129340398/message_templates`);
    expect(json.data).toHaveLength(2);
    sim.configure({ templates });
  });
});
