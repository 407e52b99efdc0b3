'use client';

/**
 * The new-message chime: a short WAV shipped with the inbox (public/sounds, made by
 * tools/generate-chime.mjs; nothing fetched from elsewhere), played through one HTMLAudioElement.
 * Each time play() is called it is written down in `window.__sendbookSounds`, with what the
 * browser answered (`played`, or `blocked` when it refused, e.g. autoplay before any click), so a
 * person debugging, or a browser test, can see that it rang and why not.
 */
export const CHIME_SRC = '/sounds/new-message.wav';
/** A burst of messages (a reconnect catching up) rings once, not once each. */
const QUIET_MS = 1_500;
const KEPT = 50;

export interface ChimePlay {
  readonly src: string;
  /** The message it rang for; null for the person's own "Play the sound" at /settings/profile. */
  readonly conversation_id: string | null;
  readonly inbound_id: string | null;
  readonly at: string;
  outcome: 'pending' | 'played' | 'blocked';
}

/** Where the record is kept on `window` (a name a test or a person in the console can read). */
export const SOUNDS_RECORD = '__sendbookSounds';

let audio: HTMLAudioElement | null = null;
let lastAt = 0;

/** The element, made once and loaded ahead, so the first chime is not late. */
export function prepareChime(): void {
  if (audio || typeof Audio === 'undefined') return;
  audio = new Audio(CHIME_SRC);
  audio.preload = 'auto';
}

/** Rings for a new message, unless it rang less than QUIET_MS ago. */
export function playChime(about: { conversationId: string; inboundId: string }): void {
  const now = Date.now();
  if (now - lastAt < QUIET_MS) return;
  lastAt = now;
  ring({ conversation_id: about.conversationId, inbound_id: about.inboundId });
}

/** Rings once, at once: the person trying the sound (a click, so the browser lets it play). */
export function previewChime(): void {
  ring({ conversation_id: null, inbound_id: null });
}

function ring(about: Pick<ChimePlay, 'conversation_id' | 'inbound_id'>): void {
  prepareChime();
  if (!audio) return;
  audio.currentTime = 0;
  const play: ChimePlay = { src: CHIME_SRC, ...about, at: new Date().toISOString(), outcome: 'pending' };
  let started: Promise<void> | undefined;
  try {
    started = audio.play();
  } catch {
    play.outcome = 'blocked';
  }
  const scope = window as unknown as Record<typeof SOUNDS_RECORD, ChimePlay[] | undefined>;
  const plays = (scope[SOUNDS_RECORD] ??= []);
  plays.push(play);
  if (plays.length > KEPT) plays.splice(0, plays.length - KEPT);
  started?.then(
    () => {
      play.outcome = 'played';
    },
    () => {
      play.outcome = 'blocked';
    },
  );
}
