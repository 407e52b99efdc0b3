/**
 * Two-key sequences ("g c": go to conversations), as a pure step function so it can be tested
 * without a DOM: feed it each key and the time, get back what to do.
 */
export const SEQUENCE_TIMEOUT_MS = 1200;

export interface SequenceState {
  readonly pending: string | null;
  readonly at: number;
}

export const IDLE: SequenceState = { pending: null, at: 0 };

export type SequenceStep = { readonly state: SequenceState; readonly fire: string | null };

/** `bindings` maps "g c" to an action id; keys are single lowercase characters. */
export function stepSequence(state: SequenceState, key: string, now: number, bindings: ReadonlyMap<string, string>): SequenceStep {
  const k = key.toLowerCase();
  if (state.pending !== null && now - state.at <= SEQUENCE_TIMEOUT_MS) {
    const action = bindings.get(`${state.pending} ${k}`);
    if (action) return { state: IDLE, fire: action };
  }
  const starts = [...bindings.keys()].some((sequence) => sequence.startsWith(`${k} `));
  return { state: starts ? { pending: k, at: now } : IDLE, fire: null };
}

/** Typing in a field, or holding a modifier, is never a shortcut. */
export function isTypingTarget(target: { tagName?: string; isContentEditable?: boolean; type?: string } | null): boolean {
  if (!target) return false;
  const tag = (target.tagName ?? '').toUpperCase();
  if (target.isContentEditable) return true;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes((target.type ?? 'text').toLowerCase());
  return false;
}
