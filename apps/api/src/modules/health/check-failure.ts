/**
 * What an anonymous caller learns about a failed readiness check: which dependency, and whether
 * it refused or said nothing. The driver's own words (hosts, users, versions) go to the log only.
 */
export const CHECK_FAILURES = ['timeout', 'unreachable'] as const;
export type CheckFailure = (typeof CHECK_FAILURES)[number];
