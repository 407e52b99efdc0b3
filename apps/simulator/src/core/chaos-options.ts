/** Knobs that make the simulator misbehave the way the real platform sometimes does. */
export interface ChaosOptions {
  /** Makes every decision below reproducible. */
  seed?: number;
  /** Deliver the same webhook POST (same bytes) twice. */
  duplicateProbability?: number;
  /** Deliver events out of order, within and across POSTs. */
  shuffle?: boolean;
  /** Delay each webhook POST by a random amount in this range. */
  delayMs?: readonly [number, number];
  /** Re-send an event later inside another, differently composed POST. */
  rebatchProbability?: number;
  /** Accept the send (ledger, statuses) and then destroy the socket without answering. */
  lostResponseProbability?: number;
  /** Answer 500 before accepting: nothing reaches the ledger. */
  serverErrorProbability?: number;
  /** Delay the answer to a send (after accepting it). */
  slowResponseMs?: number | readonly [number, number];
}
