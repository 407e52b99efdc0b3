/** Thrown by validators and policies; the send route turns it into Meta's error answer. */
export class GraphRejection extends Error {
  constructor(
    readonly code: number,
    readonly details?: string,
  ) {
    super(`(#${code}) ${details ?? ''}`.trim());
  }
}

export function reject(code: number, details?: string): never {
  throw new GraphRejection(code, details);
}
