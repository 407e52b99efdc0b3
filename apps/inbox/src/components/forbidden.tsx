import { ProblemState } from './problem-state';

/** An agent on an admin page: "You don't have access to this page", and a way back. */
export function Forbidden() {
  return <ProblemState headingLevel={1} problem={{ kind: 'forbidden', status: 403, code: 'forbidden', message: null, retryAfterSeconds: null }} />;
}
