import { cookies } from 'next/headers';
import { cache } from 'react';
import { problemOf, type ApiResult } from '@/lib/api';
import type { NotificationSettings, StaffMember } from '@sendbook/api-contract';
import { problemFrom, type Problem } from '@/lib/problem';
import { serverApi } from '@/lib/server-api';
import { SESSION_COOKIE } from '@/lib/session';
import { fetchMe } from './auth.queries';

export type Session =
  | { readonly status: 'signed_in'; readonly staff: StaffMember; readonly notifications: NotificationSettings }
  | { readonly status: 'signed_out' }
  /** The API could not say (unreachable, or an API without sessions): neither in nor out. */
  | { readonly status: 'unknown'; readonly problem: Problem };

/**
 * Who is signed in, asked of the API once per server render (`GET /v1/auth/me` with the visitor's
 * cookie). No cookie: signed out without asking.
 */
export const getSession = cache(async (): Promise<Session> => {
  if (!(await cookies()).has(SESSION_COOKIE)) return { status: 'signed_out' };
  let result: ApiResult<{ staff: StaffMember; notifications: NotificationSettings }>;
  try {
    result = await fetchMe(await serverApi());
  } catch {
    return { status: 'unknown', problem: problemFrom(0, null) };
  }
  if (result.response.ok && result.data) return { status: 'signed_in', staff: result.data.staff, notifications: result.data.notifications };
  const problem = problemOf(result);
  // Only the API's own "no valid session" is signed out; an unknown route (404) is an API without sessions.
  if (problem.kind === 'unauthorized') return { status: 'signed_out' };
  return { status: 'unknown', problem };
});
