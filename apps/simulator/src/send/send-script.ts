/** What to do with one of the next sends, chosen by a test instead of by chance. */
export type ScriptAction = { kind: 'lose_response' } | { kind: 'http_500' } | { kind: 'error'; code: number; details?: string } | { kind: 'slow'; ms: number };

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
