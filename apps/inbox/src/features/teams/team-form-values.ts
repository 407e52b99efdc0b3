import type { Team } from '@sendbook/api-contract';
import { z } from 'zod';
import type { TeamBody } from './teams.queries';

export const WEEKDAYS = [
  ['mon', 'Monday'],
  ['tue', 'Tuesday'],
  ['wed', 'Wednesday'],
  ['thu', 'Thursday'],
  ['fri', 'Friday'],
  ['sat', 'Saturday'],
  ['sun', 'Sunday'],
] as const;
export type Weekday = (typeof WEEKDAYS)[number][0];

const minutesField = z
  .string()
  .trim()
  .refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 10080), 'Whole minutes, 1 to 10080 (a week), or empty for no target.');

/** The API's limits: a day at most (longer is not slow, it is someone else's), Meta's longest text. */
export const MAX_REASSIGN_MINUTES = 1440;
export const MAX_OUT_OF_OFFICE_LENGTH = 4096;

const reassignField = z
  .string()
  .trim()
  .refine(
    (v) => v === '' || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_REASSIGN_MINUTES),
    `Whole minutes, 1 to ${MAX_REASSIGN_MINUTES} (a day), or empty to never reassign.`,
  );

const day = z
  .object({ open: z.boolean(), start: z.string(), end: z.string() })
  .refine((d) => !d.open || (d.start !== '' && d.end !== '' && (d.end === '00:00' || d.start < d.end)), {
    message: 'Opens before it closes.',
    path: ['end'],
  });

export const teamFormSchema = z.object({
  name: z.string().trim().min(1, 'Give the team a name.').max(100),
  member_ids: z.array(z.string()),
  phone_number_ids: z.array(z.string()),
  mode: z.enum(['manual', 'round_robin', 'balanced']),
  max_open: z.number({ error: 'A whole number, 1 to 100.' }).int('A whole number.').min(1, 'At least 1.').max(100, 'At most 100.'),
  reassign_minutes: reassignField,
  first_minutes: minutesField,
  next_minutes: minutesField,
  /** The targets as the API holds them: kept when their field still shows them, so seconds the API allows (10 s) are not rounded to a minute by saving something else. */
  first_seconds: z.number().nullable(),
  next_seconds: z.number().nullable(),
  hours: z.boolean(),
  out_of_office: z
    .string()
    .max(MAX_OUT_OF_OFFICE_LENGTH, `At most ${MAX_OUT_OF_OFFICE_LENGTH.toLocaleString('en')} characters (WhatsApp’s limit for a text message).`),
  time_zone: z.string().min(1),
  days: z.object(Object.fromEntries(WEEKDAYS.map(([key]) => [key, day])) as Record<Weekday, typeof day>),
  holidays: z.string().refine((v) => splitDates(v).every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)), 'Dates as YYYY-MM-DD, separated by commas or new lines.'),
});

export type TeamFormValues = z.input<typeof teamFormSchema>;

export function splitDates(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((d) => d.trim())
    .filter(Boolean);
}

/** The browser's own zone, else UTC: what a new team starts with. */
export function defaultTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The form for a team, or a new one (9 to 5 on weekdays once hours are switched on). One interval a day: the first start to the last end. */
export function formValuesOf(team: Team | null): TeamFormValues {
  const hours = team?.business_hours ?? null;
  const days = Object.fromEntries(
    WEEKDAYS.map(([key]) => {
      const intervals = hours?.weekly[key] ?? [];
      if (hours)
        return [
          key,
          intervals.length > 0
            ? { open: true, start: intervals[0]![0], end: endOf(intervals[intervals.length - 1]![1]) }
            : { open: false, start: '09:00', end: '17:00' },
        ];
      return [key, { open: key !== 'sat' && key !== 'sun', start: '09:00', end: '17:00' }];
    }),
  ) as TeamFormValues['days'];
  return {
    name: team?.name ?? '',
    member_ids: team?.members.map((m) => m.id) ?? [],
    phone_number_ids: team?.phone_number_ids ?? [],
    mode: team?.assignment.mode ?? 'manual',
    max_open: team?.assignment.max_open ?? 10,
    reassign_minutes: team?.assignment.reassign_after_minutes == null ? '' : String(team.assignment.reassign_after_minutes),
    first_minutes: toMinutes(team?.targets.first_response_seconds ?? null),
    next_minutes: toMinutes(team?.targets.next_response_seconds ?? null),
    first_seconds: team?.targets.first_response_seconds ?? null,
    next_seconds: team?.targets.next_response_seconds ?? null,
    hours: hours !== null,
    time_zone: hours?.time_zone ?? defaultTimeZone(),
    days,
    holidays: hours?.holidays.join(', ') ?? '',
    out_of_office: team?.out_of_office?.text ?? '',
  };
}

/** A time input says midnight as 00:00; the API ends a day at 24:00. */
const endOf = (hhmm: string) => (hhmm === '24:00' ? '00:00' : hhmm);
const toMinutes = (seconds: number | null) => (seconds === null ? '' : String(Math.max(1, Math.round(seconds / 60))));
/** The field's minutes in seconds; the stored seconds while the field still shows what they were. */
const toSeconds = (minutes: string, kept: number | null) =>
  minutes.trim() === '' ? null : kept !== null && minutes.trim() === toMinutes(kept) ? kept : Number(minutes) * 60;

/** "Now 10 s, kept unless you change it." for a target that is not whole minutes; null otherwise. */
export function keptTargetWords(seconds: number | null): string | null {
  return seconds !== null && seconds % 60 !== 0
    ? `Now ${seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`}, kept unless you change it.`
    : null;
}

export function bodyOf(values: z.output<typeof teamFormSchema>): TeamBody {
  return {
    name: values.name,
    member_ids: values.member_ids,
    phone_number_ids: values.phone_number_ids,
    assignment: {
      mode: values.mode,
      max_open: values.max_open,
      reassign_after_minutes: values.reassign_minutes === '' ? null : Number(values.reassign_minutes),
    },
    // Blank turns it off; kept while business hours are off (it is only sent outside them).
    out_of_office: values.out_of_office.trim() === '' ? null : { text: values.out_of_office.trim() },
    targets: {
      first_response_seconds: toSeconds(values.first_minutes, values.first_seconds),
      next_response_seconds: toSeconds(values.next_minutes, values.next_seconds),
    },
    business_hours: values.hours
      ? {
          time_zone: values.time_zone,
          weekly: Object.fromEntries(
            WEEKDAYS.map(([key]) => {
              const d = values.days[key];
              return [key, d.open ? [[d.start, d.end === '00:00' ? '24:00' : d.end]] : []];
            }),
          ),
          holidays: splitDates(values.holidays),
        }
      : null,
  };
}
