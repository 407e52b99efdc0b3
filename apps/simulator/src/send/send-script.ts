/** What to do with one of the next sends, chosen by a test instead of by chance. */
/** `error` with `afterMs`: the refusal comes that long after the request (a send in flight, then refused). */
export type ScriptAction =
  { kind: 'lose_response' } | { kind: 'http_500' } | { kind: 'error'; code: number; details?: string; afterMs?: number } | { kind: 'slow'; ms: number };

/** A FIFO of scripted actions, consumed one per send request (mark-as-read excluded). */
export class SendScript {
  private queue: ScriptAction[] = [];

  push(count: number, action: ScriptAction): void {
    for (let i = 0; i < count; i++) this.queue.push({ ...action });
  }

  next(): ScriptAction | undefined {
    return this.queue.shift();
  }

  pending(): ScriptAction[] {
    return [...this.queue];
  }

  reset(): void {
    this.queue = [];
  }
}
