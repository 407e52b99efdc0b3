import type { Api } from '@/lib/api';

/** Staff sessions (POST /v1/auth/login, GET /v1/auth/me, POST /v1/auth/logout). */
export const sessionKeys = {
  me: ['session', 'me'] as const,
};

export interface Credentials {
  readonly email: string;
  readonly password: string;
}

export const signIn = (api: Api, credentials: Credentials) =>
  api.client.POST('/v1/auth/login', { body: { email: credentials.email, password: credentials.password } });
export const fetchMe = (api: Api) => api.client.GET('/v1/auth/me');
/** Who an invite or reset link is for (no session needed). */
export const fetchInvite = (api: Api, token: string) => api.client.GET('/v1/auth/invites/{token}', { params: { path: { token } } });
/** Chooses the password, uses the link up and signs in (the answer sets the session cookie). */
export const acceptInvite = (api: Api, token: string, password: string) =>
  api.client.POST('/v1/auth/invites/{token}', { params: { path: { token } }, body: { password } });
/** Ends the session (the API signs the person out everywhere). */
export const signOut = (api: Api) => api.client.POST('/v1/auth/logout');
