/**
 * What an API key may ask of the outbox. Agent replies go ahead of what integrators enqueue by
 * default: a customer waiting in a thread is answered before a bulk send, and an integrator may
 * only go above that if an admin gave its key a higher `max_priority`.
 */
export const AGENT_REPLY_PRIORITY = 100;

/** The highest priority a `send` key may ask for when its admin set none: just below agent replies. */
export const DEFAULT_SEND_KEY_MAX_PRIORITY = AGENT_REPLY_PRIORITY - 1;

export interface SenderLimits {
  /** The business numbers it may send from; null: any. */
  readonly phoneNumberIds: readonly string[] | null;
  /** The highest `priority` it may ask for; null: no limit. */
  readonly maxPriority: number | null;
}

export interface SenderLimitVerdict {
  readonly problems: { field: string; message: string }[];
  /** The number the row goes out from: the one asked for, else the default if allowed, else the key's first. */
  readonly phoneNumberId: string;
}

/** A request against its key's limits; each problem names the field, as a validation error would. */
export function checkSenderLimits(
  request: { priority?: number; phone_number_id?: string },
  limits: SenderLimits,
  defaultPhoneNumberId: string,
): SenderLimitVerdict {
  const problems: { field: string; message: string }[] = [];
  const allowed = limits.phoneNumberIds;
  let phoneNumberId = request.phone_number_id ?? defaultPhoneNumberId;
  if (allowed !== null) {
    if (request.phone_number_id === undefined && !allowed.includes(phoneNumberId) && allowed.length > 0) phoneNumberId = allowed[0]!;
    if (!allowed.includes(phoneNumberId))
      problems.push({ field: 'phone_number_id', message: `this API key may send only from ${allowed.length > 0 ? allowed.join(', ') : 'no business number'}` });
  }
  if (limits.maxPriority !== null && (request.priority ?? 0) > limits.maxPriority) {
    problems.push({ field: 'priority', message: `this API key may ask for a priority of at most ${limits.maxPriority}` });
  }
  return { problems, phoneNumberId };
}
