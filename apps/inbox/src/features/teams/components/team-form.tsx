'use client';

import type { Team } from '@sendbook/api-contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { SelectField, TextArea, TextField } from '@/components/ui/field';
import { toProblem } from '@/lib/api';
import { problemDetail } from '@/lib/problem';
import type { useTeamMutations } from '../hooks/use-team-mutations';
import {
  MAX_OUT_OF_OFFICE_LENGTH,
  MAX_REASSIGN_MINUTES,
  WEEKDAYS,
  bodyOf,
  defaultTimeZone,
  formValuesOf,
  keptTargetWords,
  teamFormSchema,
  type TeamFormValues,
} from '../team-form-values';
import styles from './teams.module.css';

const MODES = [
  ['manual', 'Manual: people take conversations'],
  ['round_robin', 'Round robin: each member in turn'],
  ['balanced', 'Balanced: whoever holds the fewest'],
] as const;

function listWords(state: 'loading' | 'error' | 'ready', empty: string, what: string): string {
  if (state === 'loading') return `Loading ${what}…`;
  if (state === 'error') return `Could not load the ${what}: reload the page to try again.`;
  return empty;
}

function timeZones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', defaultTimeZone(), current, ...all])].sort();
}

/**
 * A team's name, members, numbers, assignment (with reassignment of a silent assignee), response
 * targets, business hours and the out-of-office reply: made or changed here.
 */
export function TeamForm({
  team,
  staff,
  numbers,
  lists,
  save,
  onDone,
}: {
  team: Team | null;
  staff: readonly { id: string; name: string; role: string }[];
  numbers: readonly { phone_number_id: string; label: string }[];
  /** Whether each list is still loading (or failed): "no staff yet" only once we know. */
  lists: { staff: 'loading' | 'error' | 'ready'; numbers: 'loading' | 'error' | 'ready' };
  save: ReturnType<typeof useTeamMutations>['save'];
  onDone: () => void;
}) {
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<TeamFormValues>({ resolver: zodResolver(teamFormSchema), defaultValues: formValuesOf(team) });
  const hours = watch('hours');
  const days = watch('days');
  const zone = watch('time_zone');
  const outOfOffice = watch('out_of_office');
  const zones = useMemo(() => timeZones(zone), [zone]);
  const what = team ? `Edit ${team.name}` : 'New team';

  return (
    <form
      className={[styles.form, styles.spaced].join(' ')}
      aria-label={what}
      noValidate
      onSubmit={handleSubmit((values) => save.mutate({ id: team?.id ?? null, body: bodyOf(teamFormSchema.parse(values)) }, { onSuccess: onDone }))}
    >
      <h2 className={styles.heading}>{what}</h2>
      <TextField
        label="Name"
        maxLength={100}
        autoFocus={team !== null}
        aria-invalid={errors.name ? true : undefined}
        hint={errors.name?.message}
        {...register('name')}
      />

      <fieldset className={styles.group}>
        <legend className={styles.legend}>Members</legend>
        {staff.length === 0 ? <p className={styles.hint}>{listWords(lists.staff, 'No active staff yet.', 'staff')}</p> : null}
        <div className={styles.checks}>
          {staff.map((person) => (
            <label key={person.id} className={styles.check}>
              <input type="checkbox" value={person.id} {...register('member_ids')} />
              <span>{person.name}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>Business numbers</legend>
        <p className={styles.hint}>Conversations on these numbers go to this team; a number belongs to one team.</p>
        {numbers.length === 0 ? <p className={styles.hint}>{listWords(lists.numbers, 'No business numbers known yet.', 'business numbers')}</p> : null}
        <div className={styles.checks}>
          {numbers.map((n) => (
            <label key={n.phone_number_id} className={styles.check}>
              <input type="checkbox" value={n.phone_number_id} {...register('phone_number_ids')} />
              <span>{n.label}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className={styles.row3}>
        <SelectField label="Assignment" {...register('mode')}>
          {MODES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Max open per member"
          type="number"
          min={1}
          max={100}
          aria-invalid={errors.max_open ? true : undefined}
          hint={errors.max_open?.message ?? 'Automatic assignment passes over a member holding this many.'}
          {...register('max_open', { valueAsNumber: true })}
        />
        <TextField
          label="Reassign after (minutes)"
          inputMode="numeric"
          placeholder="Never"
          aria-invalid={errors.reassign_minutes ? true : undefined}
          hint={
            errors.reassign_minutes?.message ??
            `An assignee who leaves a waiting customer this long (in business hours) loses the conversation to a member with room. Empty: never; at most ${MAX_REASSIGN_MINUTES}.`
          }
          {...register('reassign_minutes')}
        />
      </div>

      <div className={styles.row}>
        <TextField
          label="First response target (minutes)"
          inputMode="numeric"
          aria-invalid={errors.first_minutes ? true : undefined}
          hint={errors.first_minutes?.message ?? keptTargetWords(team?.targets.first_response_seconds ?? null) ?? 'Empty: no target.'}
          {...register('first_minutes')}
        />
        <TextField
          label="Next response target (minutes)"
          inputMode="numeric"
          aria-invalid={errors.next_minutes ? true : undefined}
          hint={errors.next_minutes?.message ?? keptTargetWords(team?.targets.next_response_seconds ?? null) ?? 'Empty: no target.'}
          {...register('next_minutes')}
        />
      </div>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>Business hours</legend>
        <label className={styles.check}>
          <input type="checkbox" {...register('hours')} />
          <span>Set business hours (targets count only these hours; without them the team is always open)</span>
        </label>
        {hours ? (
          <>
            <SelectField label="Time zone" {...register('time_zone')}>
              {zones.map((z) => (
                <option key={z} value={z}>
                  {z}
                </option>
              ))}
            </SelectField>
            <div className={styles.week}>
              {WEEKDAYS.map(([key, label]) => (
                <div key={key} className={styles.day}>
                  <label className={styles.check}>
                    <input type="checkbox" {...register(`days.${key}.open`)} />
                    <span>{label}</span>
                  </label>
                  <TextField label={`${label} opens`} type="time" disabled={!days[key].open} {...register(`days.${key}.start`)} />
                  <TextField
                    label={`${label} closes`}
                    type="time"
                    disabled={!days[key].open}
                    aria-invalid={errors.days?.[key]?.end ? true : undefined}
                    hint={errors.days?.[key]?.end?.message}
                    {...register(`days.${key}.end`)}
                  />
                </div>
              ))}
            </div>
            <TextArea
              label="Holidays"
              rows={2}
              aria-invalid={errors.holidays ? true : undefined}
              hint={errors.holidays?.message ?? 'Closed all day: dates as YYYY-MM-DD, separated by commas.'}
              {...register('holidays')}
            />
            <TextArea
              label="Out-of-office reply"
              rows={3}
              maxLength={MAX_OUT_OF_OFFICE_LENGTH}
              placeholder="Thanks for your message! We’re closed now and will answer when we open."
              aria-invalid={errors.out_of_office ? true : undefined}
              hint={
                errors.out_of_office?.message ??
                `Sent to a customer who writes while the team is closed: once per conversation per closed period (a second message that night gets no second reply). Empty: no reply.${
                  outOfOffice.length > MAX_OUT_OF_OFFICE_LENGTH - 200
                    ? ` ${outOfOffice.length.toLocaleString('en')} / ${MAX_OUT_OF_OFFICE_LENGTH.toLocaleString('en')} characters.`
                    : ''
                }`
              }
              {...register('out_of_office')}
            />
          </>
        ) : null}
      </fieldset>

      {save.isError ? (
        <Callout tone="danger" role="alert" title="Not saved">
          {problemDetail(toProblem(save.error))}
        </Callout>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" variant="primary" busy={save.isPending} disabled={save.isPending}>
          {team ? 'Save team' : 'Create team'}
        </Button>
        {team ? (
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
