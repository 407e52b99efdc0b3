import type { Team } from '@sendbook/api-contract';
import { bodyOf, formValuesOf, keptTargetWords, teamFormSchema } from './team-form-values';

const team = (overrides: Partial<Team> = {}): Team => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Support',
  members: [],
  phone_number_ids: ['106540352242922'],
  assignment: { mode: 'balanced', max_open: 4, reassign_after_minutes: 15 },
  out_of_office: { text: 'We are closed; we answer from 9.' },
  targets: { first_response_seconds: 300, next_response_seconds: null },
  business_hours: { time_zone: 'Europe/Berlin', weekly: { mon: [['09:00', '17:00']], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] }, holidays: [] },
  created_at: '2026-12-01T09:00:00.000Z',
  updated_at: '2026-12-01T09:00:00.000Z',
  ...overrides,
});

const parse = (values: ReturnType<typeof formValuesOf>) => teamFormSchema.safeParse(values);

describe('team form values', () => {
  it('a team round-trips: reassign minutes and the out-of-office text are sent as the API takes them', () => {
    const body = bodyOf(teamFormSchema.parse(formValuesOf(team())));
    expect(body.assignment).toEqual({ mode: 'balanced', max_open: 4, reassign_after_minutes: 15 });
    expect(body.out_of_office).toEqual({ text: 'We are closed; we answer from 9.' });
    expect(body.targets).toEqual({ first_response_seconds: 300, next_response_seconds: null });
  });

  it('empty fields turn them off: never reassign, no reply (null, not left out, so a PATCH removes them)', () => {
    const values = { ...formValuesOf(team()), reassign_minutes: '  ', out_of_office: ' \n ' };
    const body = bodyOf(teamFormSchema.parse(values));
    expect(body.assignment?.reassign_after_minutes).toBeNull();
    expect(body.out_of_office).toBeNull();
  });

  it('a new team starts with neither', () => {
    expect(formValuesOf(null)).toMatchObject({ reassign_minutes: '', out_of_office: '' });
    expect(bodyOf(teamFormSchema.parse({ ...formValuesOf(null), name: 'Sales' }))).toMatchObject({
      assignment: { reassign_after_minutes: null },
      out_of_office: null,
    });
  });

  it('a target in seconds (10 s, 90 s) survives saving the form unchanged, and is replaced once its minutes are edited', () => {
    const seconds = team({ targets: { first_response_seconds: 10, next_response_seconds: 90 } });
    const values = formValuesOf(seconds);
    expect(values).toMatchObject({ first_minutes: '1', next_minutes: '2' });
    expect(bodyOf(teamFormSchema.parse(values)).targets).toEqual({ first_response_seconds: 10, next_response_seconds: 90 });
    expect(bodyOf(teamFormSchema.parse({ ...values, first_minutes: '3', next_minutes: '' })).targets).toEqual({
      first_response_seconds: 180,
      next_response_seconds: null,
    });
    expect(keptTargetWords(10)).toBe('Now 10 s, kept unless you change it.');
    expect(keptTargetWords(90)).toBe('Now 1 min 30 s, kept unless you change it.');
    expect(keptTargetWords(300)).toBeNull();
    expect(keptTargetWords(null)).toBeNull();
  });

  it.each([
    ['0', false],
    ['1', true],
    ['1440', true],
    ['1441', false],
    ['2.5', false],
    ['ten', false],
    ['', true],
  ])('reassign after %j minutes: valid %s', (minutes, valid) => {
    const result = parse({ ...formValuesOf(team()), reassign_minutes: minutes });
    expect(result.success).toBe(valid);
    expect(result.error?.issues.map((i) => i.path) ?? []).toEqual(valid ? [] : [['reassign_minutes']]);
  });

  it('an out-of-office text longer than WhatsApp takes is refused, naming the field', () => {
    const result = parse({ ...formValuesOf(team()), out_of_office: 'x'.repeat(4097) });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['out_of_office'], message: expect.stringContaining('4,096') });
  });
});
