import { lastSync, templateEditVerdict, templateStatusTone } from './template-display';

describe('templates in words', () => {
  it.each([
    ['APPROVED', 'success'],
    ['paused', 'warning'],
    ['PENDING', 'warning'],
    ['REJECTED', 'danger'],
    ['DISABLED', 'danger'],
    ['LIMIT_EXCEEDED', 'muted'],
  ])('%s → %s', (status, tone) => {
    expect(templateStatusTone(status)).toBe(tone);
  });

  it('the last sync is the newest synced_at', () => {
    expect(lastSync([])).toBeNull();
    expect(lastSync([{ synced_at: '2026-09-21T06:00:00Z' }, { synced_at: '2026-09-21T07:00:00Z' }, { synced_at: '2026-09-20T07:00:00Z' }])).toBe(
      '2026-09-21T07:00:00Z',
    );
  });
});

describe('whether a template may be edited now, in words', () => {
  const now = Date.parse('2026-09-21T12:00:00Z');
  const hoursAgo = (h: number) => new Date(now - h * 3600_000).toISOString();
  const template = (overrides: Partial<Parameters<typeof templateEditVerdict>[0]> = {}) => ({
    status: 'APPROVED',
    category: 'UTILITY',
    components: [{ type: 'BODY', text: 'Your order is ready.' }],
    approved_edits: [],
    ...overrides,
  });

  it('approved, rejected and paused templates may be edited; an approved one edited over a day ago too', () => {
    for (const status of ['APPROVED', 'REJECTED', 'PAUSED']) expect(templateEditVerdict(template({ status }), now)).toEqual({ editable: true });
    expect(templateEditVerdict(template({ approved_edits: [hoursAgo(25)] }), now)).toEqual({ editable: true });
  });

  it('a template in review waits for Meta; a disabled one says what Meta allows', () => {
    expect(templateEditVerdict(template({ status: 'PENDING' }), now)).toMatchObject({
      editable: false,
      title: 'Meta is reviewing this template',
      words: expect.stringContaining('once Meta approves or rejects it'),
    });
    expect(templateEditVerdict(template({ status: 'DISABLED' }), now)).toMatchObject({ words: expect.stringContaining('this one is DISABLED') });
  });

  it('Meta’s edit limit says until when', () => {
    expect(templateEditVerdict(template({ approved_edits: [hoursAgo(30), hoursAgo(3)] }), now)).toEqual({
      editable: false,
      title: 'This template can’t be edited again yet',
      words: expect.stringContaining('It was edited in the last 24 hours'),
      until: '2026-09-22T09:00:00.000Z',
    });
    const month = Array.from({ length: 10 }, (_, i) => hoursAgo(25 + i * 48));
    expect(templateEditVerdict(template({ approved_edits: month }), now)).toMatchObject({ words: expect.stringContaining('10 times in the last 30 days') });
    // A rejected template has no limit, whatever its past.
    expect(templateEditVerdict(template({ status: 'REJECTED', approved_edits: [hoursAgo(1)] }), now)).toEqual({ editable: true });
  });

  it('a template with parts the form cannot show is sent to WhatsApp Manager, not cut down', () => {
    const carousel = template({
      components: [
        { type: 'BODY', text: 'Spring is here.' },
        { type: 'CAROUSEL', cards: [] },
        { type: 'BUTTONS', buttons: [{ type: 'FLOW', text: 'Book' }] },
      ],
    });
    expect(templateEditVerdict(carousel, now)).toMatchObject({
      editable: false,
      title: 'This template can’t be edited here',
      words:
        'It has a carousel and a FLOW button, which this form cannot show: editing it here would drop them. Edit it in WhatsApp Manager, then sync the templates.',
    });
  });
});
