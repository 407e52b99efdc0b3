'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { browserApi, problemOf } from '@/lib/api';
import { problemFrom, signInMessage, type Problem } from '@/lib/problem';
import { signIn } from '../auth.queries';
import { AuthField } from './auth-field';
import styles from './login-form.module.css';

const schema = z.object({
  email: z.string().trim().min(1, 'Enter your email address.').email('Enter an email address like name@example.com.'),
  password: z.string().min(1, 'Enter your password.'),
});

type Values = z.infer<typeof schema>;

/**
 * Email and password. One press signs in once: the button is disabled while the request is in
 * flight (and after success, until the next page loads). On success the whole page loads `next`,
 * so the server renders it with the new session cookie.
 */
export function LoginForm({ next }: { next: string }) {
  const alertId = useId();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [signedIn, setSignedIn] = useState(false);
  const [waitUntil, setWaitUntil] = useState<number | null>(null);
  const inFlight = useRef(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: '', password: '' } });

  // Throttled: the button comes back when the API says it may.
  useEffect(() => {
    if (waitUntil === null) return;
    const timer = setTimeout(() => setWaitUntil(null), Math.max(0, waitUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [waitUntil]);

  const onSubmit = async (values: Values) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setProblem(null);
    try {
      const result = await signIn(browserApi(), { email: values.email, password: values.password });
      if (result.response.ok) {
        setSignedIn(true);
        window.location.assign(next);
        return;
      }
      const refused = problemOf(result);
      setProblem(refused);
      if (refused.kind === 'throttled' && refused.retryAfterSeconds) setWaitUntil(Date.now() + refused.retryAfterSeconds * 1000);
    } catch {
      setProblem(problemFrom(0, null));
    } finally {
      inFlight.current = false;
    }
  };

  const busy = isSubmitting || signedIn;
  return (
    <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate aria-describedby={problem ? alertId : undefined}>
      <AuthField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
        error={errors.email?.message}
        registration={register('email')}
      />
      <AuthField label="Password" type="password" autoComplete="current-password" error={errors.password?.message} registration={register('password')} />
      {problem ? <Callout id={alertId} role="alert" tone="danger" title={signInMessage(problem)} /> : null}
      <Button type="submit" variant="primary" size="lg" block disabled={busy || waitUntil !== null} busy={busy}>
        Sign in
      </Button>
    </form>
  );
}
