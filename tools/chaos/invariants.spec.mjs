// Each invariant of the chaos run on hand-made facts: a clean set passes, and each break is caught
// and named, so no check can pass whatever the run did.
import {
  allInvariants,
  ackedWebhooksStored,
  finalStatusApplied,
  inboundStoredOnce,
  messagingLimit,
  noDedupeKeyTwice,
  noPacingRefusals,
  noStatusBackwards,
  pairSpacing,
  throughputCap,
  unknownOutcomes,
} from './invariants.mjs';

const NUMBER = '106540352242922';
const row = (id, state = 'read', extra = {}) => ({
  id,
  dedupeKey: `key-${id}`,
  toWaId: `97250000000${id.slice(-1)}`,
  phoneNumberId: NUMBER,
  state,
  wamid: `wamid.${id}`,
  ...extra,
});
const sent = (id, at, extra = {}) => ({
  wamid: `wamid.${id}`,
  phoneNumberId: NUMBER,
  to: `97250000000${id.slice(-1)}`,
  acceptedAt: at,
  callbackData: id,
  windowOpen: true,
  failedWith: null,
  responseLost: false,
  expectedFinal: 'read',
  ...extra,
});

function cleanFacts() {
  const rows = [row('row-1'), row('row-2'), row('row-3', 'sending', { wamid: null })];
  return {
    rows,
    ledger: [sent('row-1', 0), sent('row-2', 10_000)],
    history: [
      { messageId: 'row-1', fromState: null, toState: 'queued', seq: 1 },
      { messageId: 'row-1', fromState: 'queued', toState: 'sending', seq: 2 },
      { messageId: 'row-1', fromState: 'sending', toState: 'queued', seq: 3 },
      { messageId: 'row-1', fromState: 'queued', toState: 'sending', seq: 4 },
      { messageId: 'row-1', fromState: 'sending', toState: 'sent', seq: 5 },
      { messageId: 'row-1', fromState: 'sent', toState: 'read', seq: 6 },
    ],
    inboundSent: [
      { wamid: 'wamid.in1', phoneNumberId: NUMBER, from: '972500000001' },
      { wamid: 'wamid.in2', phoneNumberId: NUMBER, from: '972500000002' },
    ],
    inboundStored: [
      { id: 'in-1', wamid: 'wamid.in1', phoneNumberId: NUMBER, attribution: 'message' },
      { id: 'in-2', wamid: 'wamid.in2', phoneNumberId: NUMBER, attribution: 'unattributed' },
    ],
    unattributedListed: new Set(['in-2']),
    stuckListed: new Set(['row-3']),
    acked: [
      {
        id: 'whd_1',
        bodyHash: 'aa',
        events: [
          { kind: 'message', wamid: 'wamid.in1', status: null, phoneNumberId: NUMBER },
          { kind: 'status', wamid: 'wamid.row-1', status: 'read', phoneNumberId: NUMBER },
        ],
      },
    ],
    storedBodies: new Set(['aa']),
    storedInbound: new Set([`${NUMBER}|wamid.in1`, `${NUMBER}|wamid.in2`]),
    storedStatuses: new Set(['wamid.row-1|read']),
    caps: { [NUMBER]: 2 },
    rejections: [
      { at: 0, phoneNumberId: NUMBER, to: '972500000001', code: 130429, cause: 'scripted_error' },
      { at: 0, phoneNumberId: NUMBER, to: '972500000001', code: 131026, cause: 'graph_error' },
    ],
    pairIntervalMs: 6_000,
    messagingLimit: 1,
  };
}

describe('chaos invariants', () => {
  it('a clean run passes every one', () => {
    const checks = allInvariants(cleanFacts());
    expect(checks.filter((c) => !c.ok)).toEqual([]);
    expect(checks).toHaveLength(10);
  });

  it('a row in the ledger twice is a dedupe_key sent twice; a send no row explains is named too', () => {
    const f = cleanFacts();
    const twice = noDedupeKeyTwice({ ...f, ledger: [...f.ledger, sent('row-1', 20_000, { wamid: 'wamid.again' })] });
    expect(twice).toMatchObject({ ok: false, count: 1 });
    expect(twice.violations[0]).toContain('dedupe_key key-row-1');
    expect(noDedupeKeyTwice({ ...f, ledger: [...f.ledger, sent('stranger', 0)] }).violations[0]).toContain('for no row of ours');
    // A message the platform failed never reached a phone: sending it again is not a double.
    expect(noDedupeKeyTwice({ ...f, ledger: [...f.ledger, sent('row-1', 20_000, { wamid: 'wamid.x', failedWith: 131026 })] }).ok).toBe(true);
  });

  it('two messages to one user less than 6 s apart break the pacing', () => {
    const f = cleanFacts();
    const close = pairSpacing({ ...f, ledger: [sent('row-1', 0), sent('row-1', 5_999, { wamid: 'wamid.b', callbackData: 'row-2' })] });
    expect(close).toMatchObject({ ok: false, count: 1 });
    expect(close.violations[0]).toContain('5999 ms apart');
    expect(pairSpacing({ ...f, ledger: [sent('row-1', 0), sent('row-1', 6_000, { wamid: 'wamid.b' })] }).ok).toBe(true);
  });

  it('more sends than the cap in one sliding second break it; the same spread over a second does not', () => {
    const f = cleanFacts();
    const burst = [sent('row-1', 100), sent('row-2', 600), sent('row-3', 1_099)];
    expect(throughputCap({ ...f, ledger: burst })).toMatchObject({ ok: false, count: 1 });
    expect(throughputCap({ ...f, ledger: [sent('row-1', 100), sent('row-2', 600), sent('row-3', 1_100)] }).ok).toBe(true);
    expect(throughputCap({ ...f, caps: {} }).violations[0]).toContain('no cap configured');
  });

  it('a 130429 or 131056 Meta gave of its own is a pacing mistake; a scripted one is not', () => {
    const f = cleanFacts();
    const earned = noPacingRefusals({
      rejections: [...f.rejections, { at: 0, phoneNumberId: NUMBER, to: '972500000002', code: 131056, cause: 'graph_error' }],
    });
    expect(earned).toMatchObject({ ok: false, advisory: true, violations: [`131056 at 1970-01-01T00:00:00.000Z for +972500000002 from ${NUMBER}`] });
  });

  it('one user too many reached outside their window breaks the limit; inside the window, or a day later, is free', () => {
    const f = cleanFacts();
    const outside = (id, at) => sent(id, at, { windowOpen: false });
    const broken = messagingLimit({ ...f, ledger: [outside('row-1', 0), outside('row-2', 1_000)] });
    expect(broken).toMatchObject({ ok: false, count: 1 });
    expect(broken.violations[0]).toContain('limit 1');
    expect(messagingLimit({ ...f, ledger: [outside('row-1', 0), sent('row-2', 1_000)] }).ok).toBe(true);
    expect(messagingLimit({ ...f, ledger: [outside('row-1', 0), outside('row-2', 86_400_000)] }).ok).toBe(true);
    expect(messagingLimit({ ...f, messagingLimit: 'unlimited', ledger: [outside('row-1', 0), outside('row-2', 1)] }).ok).toBe(true);
  });

  it('a row short of the last status Meta sent, or with another wamid, is not final', () => {
    const f = cleanFacts();
    const behind = finalStatusApplied({ ...f, rows: [row('row-1', 'delivered'), row('row-2')] });
    expect(behind.violations).toEqual(["row row-1 (key-row-1) is delivered; Meta's last status for wamid.row-1 was read"]);
    expect(finalStatusApplied({ ...f, rows: [row('row-1', 'read', { wamid: 'wamid.other' }), row('row-2')] }).violations[0]).toContain('has wamid wamid.other');
  });

  it('a row moving down the ladder after Meta had it, or on after failed, is named', () => {
    const down = noStatusBackwards({
      history: [
        { messageId: 'm', fromState: 'sending', toState: 'delivered', seq: 1 },
        { messageId: 'm', fromState: 'delivered', toState: 'sent', seq: 2 },
      ],
    });
    expect(down.violations).toEqual(['row m: delivered → sent after it reached delivered (event 2)']);
    // Out of order in the input: the history is judged in its own order (seq).
    expect(
      noStatusBackwards({
        history: [
          { messageId: 'm', fromState: 'sent', toState: 'queued', seq: 2 },
          { messageId: 'm', fromState: 'sending', toState: 'sent', seq: 1 },
        ],
      }).ok,
    ).toBe(false);
    expect(
      noStatusBackwards({
        history: [
          { messageId: 'm', fromState: 'sent', toState: 'failed', seq: 1 },
          { messageId: 'm', fromState: 'failed', toState: 'read', seq: 2 },
        ],
      }).ok,
    ).toBe(false);
    expect(noStatusBackwards({ history: [{ messageId: 'm', fromState: 'delivered', toState: 'failed', seq: 1 }] }).ok).toBe(true);
  });

  it('an inbound message lost, stored twice, or unattributed and unlisted is named', () => {
    const f = cleanFacts();
    expect(inboundStoredOnce({ ...f, inboundStored: f.inboundStored.slice(1) }).violations).toEqual(['inbound wamid.in1 from +972500000001 is not stored']);
    expect(inboundStoredOnce({ ...f, inboundStored: [...f.inboundStored, { ...f.inboundStored[0], id: 'in-1b' }] }).violations[0]).toContain('stored 2 times');
    expect(inboundStoredOnce({ ...f, unattributedListed: new Set() }).violations[0]).toContain('not listed as a work item');
  });

  it('a row sending and not listed as stuck, or one whose answer was lost left behind Meta, is named', () => {
    const f = cleanFacts();
    expect(unknownOutcomes({ ...f, stuckListed: new Set() }).violations).toEqual(['row row-3 (key-row-3) is sending and not listed as stuck']);
    const lost = unknownOutcomes({ ...f, rows: [row('row-1', 'queued'), row('row-2')], ledger: [sent('row-1', 0, { responseLost: true })] });
    expect(lost.violations[0]).toContain('answer lost');
  });

  it('a webhook answered 200 whose body or events are not stored is named', () => {
    const f = cleanFacts();
    expect(ackedWebhooksStored({ ...f, storedBodies: new Set() }).violations[0]).toContain('its body');
    expect(ackedWebhooksStored({ ...f, storedStatuses: new Set() }).violations).toEqual([
      'webhook whd_1 was answered 200 but its status wamid.row-1 read is not stored',
    ]);
    expect(ackedWebhooksStored({ ...f, storedInbound: new Set() }).violations[0]).toContain('message wamid.in1');
  });
});
