import type { Api } from '../../lib/api';

/** Staff sessions (POST /v1/auth/login, GET /v1/auth/me, POST /v1/auth/logout). */
export const sessionKeys = {
  me: ['session', 'me'] as const,
};

export interface Credentials {
  readonly email: string;
  readonly password: string;
}

export const signIn = (api: Api, credentials: Credentials) => api.pending('POST /v1/auth/login', credentials);
export const fetchMe = (api: Api) => api.pending('GET /v1/auth/me');
export const signOut = (api: Api) => api.pending('POST /v1/auth/logout');
