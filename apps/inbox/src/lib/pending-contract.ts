/**
 * Routes the API is adding now (staff sessions and staff management) that the generated contract
 * (`@sendbook/api-contract`) does not have yet. Written from the agreed contract; once
 * `npm run contract` emits them, replace these with the generated types and call them through
 * the typed client, then delete this file.
 */
export type StaffRole = 'agent' | 'admin';

export interface StaffMember {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly role: StaffRole;
  readonly active: boolean;
}

export interface PendingRoutes {
  'POST /v1/auth/login': { body: { email: string; password: string }; ok: { staff: StaffMember } };
  'GET /v1/auth/me': { body: never; ok: { staff: StaffMember } };
  'POST /v1/auth/logout': { body: never; ok: undefined };
  'GET /v1/staff': { body: never; ok: { data: StaffMember[] } };
}

export type PendingRoute = keyof PendingRoutes;
