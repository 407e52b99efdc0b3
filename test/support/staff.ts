import request from 'supertest';
import type { TestApp } from './test-app.js';
import { TEST_SECRETS } from './test-env.js';

export interface StaffLogin {
  readonly id: string;
  readonly email: string;
  readonly password: string;
}

let made = 0;

/** A staff member made through the API with the admin key, with a password they can sign in with. */
export async function createStaff(app: Pick<TestApp, 'url'>, role: 'agent' | 'admin', name = `${role} ${++made}`): Promise<StaffLogin> {
  const email = `${role}.${made}.${Date.now()}@shop.example`;
  const password = `correct horse ${made} battery`;
  const res = await request(app.url).post('/v1/staff').set('Authorization', `Bearer ${TEST_SECRETS.apiKey}`).send({ email, name, role, password }).expect(201);
  return { id: res.body.staff.id as string, email, password };
}

/** Signs in like a browser and returns the session cookie (`sendbook_session=…`). */
export async function signIn(app: Pick<TestApp, 'url'>, login: { email: string; password: string }): Promise<string> {
  const res = await request(app.url).post('/v1/auth/login').send({ email: login.email, password: login.password }).expect(200);
  const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('sendbook_session='));
  if (!cookie) throw new Error('sign-in set no session cookie');
  return cookie.split(';')[0]!;
}

/** Requests as a signed-in browser on one of our pages: the cookie, and the page's Origin. */
export function asSession(app: Pick<TestApp, 'url'>, cookie: string) {
  const origin = app.url;
  const withSession = (t: request.Test) => t.set('Cookie', cookie).set('Origin', origin);
  return {
    get: (path: string) => withSession(request(app.url).get(path)),
    post: (path: string) => withSession(request(app.url).post(path)),
    patch: (path: string) => withSession(request(app.url).patch(path)),
    put: (path: string) => withSession(request(app.url).put(path)),
    delete: (path: string) => withSession(request(app.url).delete(path)),
  };
}
