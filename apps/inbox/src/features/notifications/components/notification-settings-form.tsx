'use client';

import type { NotificationSettings } from '@sendbook/api-contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import type { NotificationView } from '@/lib/notify';
import type { useSaveNotificationSettings } from '../hooks/use-save-notification-settings';
import styles from './profile.module.css';

const VIEWS: readonly { value: NotificationView; label: string; hint: string }[] = [
  { value: 'mine', label: 'Assigned to me', hint: 'Conversations assigned to you.' },
  { value: 'unassigned', label: 'Unassigned', hint: 'Conversations nobody has taken yet.' },
  { value: 'all', label: 'All conversations', hint: 'Every conversation, those assigned to others too.' },
];

const schema = z.object({
  sound: z.boolean(),
  browser: z.boolean(),
  views: z.array(z.enum(['mine', 'unassigned', 'all'])).min(1, 'Choose at least one kind of conversation.'),
});

type Values = z.infer<typeof schema>;

/** Sound, browser notifications, and which conversations notify and count: saved together. */
export function NotificationSettingsForm({
  settings,
  save,
  browserHintId,
  extra,
}: {
  settings: NotificationSettings;
  save: ReturnType<typeof useSaveNotificationSettings>;
  /** The line that says whether this browser allows notifications. */
  browserHintId: string;
  /** Beside the sound switch (a way to hear it). */
  extra?: ReactNode;
}) {
  const viewsErrorId = useId();
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors, isDirty },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { sound: settings.sound, browser: settings.browser, views: [...settings.views] } });
  const views = watch('views');
  const toggle = (view: NotificationView, on: boolean) =>
    setValue('views', on ? VIEWS.map((v) => v.value).filter((v) => v === view || views.includes(v)) : views.filter((v) => v !== view), {
      shouldDirty: true,
      shouldValidate: true,
    });

  return (
    <form className={styles.form} onSubmit={handleSubmit((values) => save.mutate(values))} noValidate aria-label="Notification settings">
      <div className={styles.switchRow}>
        <label className={styles.check}>
          <input type="checkbox" {...register('sound')} />
          <span>
            <span className={styles.checkLabel}>Play a sound</span>
            <span className={styles.checkHint}>A short chime for each new customer message.</span>
          </span>
        </label>
        {extra}
      </div>
      <label className={styles.check}>
        <input type="checkbox" aria-describedby={browserHintId} {...register('browser')} />
        <span>
          <span className={styles.checkLabel}>Show browser notifications</span>
          <span className={styles.checkHint}>Who wrote and the first words, even when Sendbook is in another tab. Clicking one opens the conversation.</span>
        </span>
      </label>
      <fieldset className={styles.views} aria-describedby={errors.views ? viewsErrorId : undefined} aria-invalid={errors.views ? true : undefined}>
        <legend className={styles.legend}>Notify me and count in the tab title</legend>
        {VIEWS.map((view) => (
          <label key={view.value} className={styles.check}>
            <input type="checkbox" checked={views.includes(view.value)} onChange={(e) => toggle(view.value, e.target.checked)} />
            <span>
              <span className={styles.checkLabel}>{view.label}</span>
              <span className={styles.checkHint}>{view.hint}</span>
            </span>
          </label>
        ))}
        {errors.views ? (
          <p id={viewsErrorId} className={styles.error} role="alert">
            {errors.views.message}
          </p>
        ) : null}
      </fieldset>
      <div>
        <Button type="submit" variant="primary" busy={save.isPending} disabled={!isDirty || save.isPending}>
          Save notification settings
        </Button>
      </div>
    </form>
  );
}
