/**
 * The 24 h customer-service window per (business number, user): opened or refreshed by every
 * inbound message, by the simulator clock. Outside it only templates may be sent (131047).
 */
export class ServiceWindows {
  private readonly lastInbound = new Map<string, number>();

  touch(phoneNumberId: string, waId: string, at: number): void {
    const key = `${phoneNumberId}:${waId}`;
    this.lastInbound.set(key, Math.max(at, this.lastInbound.get(key) ?? at));
  }

  isOpen(phoneNumberId: string, waId: string, now: number, windowMs: number): boolean {
    const last = this.lastInbound.get(`${phoneNumberId}:${waId}`);
    return last !== undefined && now - last < windowMs;
  }

  /** When the window closes, or null if it was never opened. */
  closesAt(phoneNumberId: string, waId: string, windowMs: number): number | null {
    const last = this.lastInbound.get(`${phoneNumberId}:${waId}`);
    return last === undefined ? null : last + windowMs;
  }

  reset(): void {
    this.lastInbound.clear();
  }
}
