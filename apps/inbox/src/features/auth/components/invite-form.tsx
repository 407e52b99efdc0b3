'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { browserApi, problemOf } from '@/lib/api';
import { AFTER_SIGN_IN } from '@/lib/next-path';
import { problemFrom } from '@/lib/problem';
import { acceptInvite } from '../auth.queries';
import { INVITE_LINK_PROBLEMS, MIN_PASSWORD_LENGTH, inviteLinkProblem } from '../invite-link';
import { AuthField } from './auth-field';
import styles from './login-form.module.css';

const schema = z.object({
  password: z.string().min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`).max(1024, 'Use at most 1,024 characters.'),
});

type Values = z.infer<typeof schema>;

/**
 * The new password, shown on request. One press sets it once; on success the person is signed in (the
 * answer carries the session cookie) and the conversations load. A link that stopped working
 * meanwhile (used in another tab, expired) says which, in an alert, instead of a form that fails.
 */
export function InviteForm({ token, email }: { token: string; email: string }) {
  const alertId = useId();
  const [alert, setAlert] = useState<{ title: string; body: string } | null>(null);
  const [done, setDone] = useState(false);
  const [shown, setShown] = useState(false);
  const inFlight = useRef(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { password: '' } });

  const onSubmit = async (values: Values) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setAlert(null);
    try {
      const result = await acceptInvite(browserApi(), token, values.password);
      if (result.response.ok) {
        setDone(true);
        window.location.assign(AFTER_SIGN_IN);
        return;
      }
      const problem = problemOf(result);
      if (problem.kind === 'invalid') setAlert({ title: problem.message ?? 'This password cannot be used.', body: '' });
      else setAlert(INVITE_LINK_PROBLEMS[inviteLinkProblem(problem, result.error)]);
    } catch {
      setAlert(INVITE_LINK_PROBLEMS[inviteLinkProblem(problemFrom(0, null), null)]);
    } finally {
      inFlight.current = false;
    }
  };

  const busy = isSubmitting || done;
  return (
    <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate aria-describedby={alert ? alertId : undefined}>
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <AuthField
        label="Password"
        type={shown ? 'text' : 'password'}
        autoComplete="new-password"
        autoFocus
        error={errors.password?.message}
        registration={register('password')}
      />
      {/* One field, seen when wanted, instead of typing it twice: a typo is caught by reading it. */}
      <label className={styles.show}>
        <input type="checkbox" checked={shown} onChange={(e) => setShown(e.target.checked)} /> Show password
      </label>
      {alert ? (
        <Callout id={alertId} role="alert" tone="danger" title={alert.title}>
          {alert.body || null}
        </Callout>
      ) : null}
      <Button type="submit" variant="primary" size="lg" block disabled={busy} busy={busy}>
        Set password
      </Button>
    </form>
  );
}
