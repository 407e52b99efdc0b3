/** Polls `condition` until it holds, for state that settles asynchronously (queues, webhooks). */
export async function waitFor(condition: () => Promise<boolean> | boolean, { timeoutMs = 45_000, intervalMs = 50, what = 'condition' } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
