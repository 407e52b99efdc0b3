import { SimClock } from './clock.js';
import { hubSignature, signingSecret } from './hmac.js';
import { newWamid } from './ids.js';
import { toMetaJson } from './meta-json.js';
import { Prng } from './prng.js';
import { Scheduler } from './scheduler.js';

describe('toMetaJson', () => {
  it.each([
    [{ name: 'äöå' }, '{"name":"\\u00e4\\u00f6\\u00e5"}'],
    [{ emoji: '👍' }, '{"emoji":"\\ud83d\\udc4d"}'],
    [{ url: 'https://a/b' }, '{"url":"https:\\/\\/a\\/b"}'],
    [{ plain: 'ascii ~' }, '{"plain":"ascii ~"}'],
  ])('escapes %j as Graph does', (value, expected) => {
    expect(toMetaJson(value)).toBe(expected);
    expect(JSON.parse(toMetaJson(value))).toEqual(value);
  });
});

describe('hubSignature', () => {
  it('is sha256= + lowercase hex HMAC of the exact bytes', () => {
    // Reference values from `printf '%s' BODY | openssl dgst -sha256 -hmac secret`.
    expect(hubSignature('{"a":1}', 'secret')).toBe('sha256=aa9e2e3575f5d7098b6caccd790888c36d5fdb63342a73bada2d6a51747a8494');
    expect(hubSignature(toMetaJson({ name: 'ä' }), 'secret')).toBe('sha256=21ac3c67ced4d3bda3eca6368af8447625bf69bb337502bbf0cadcafdf59f78e');
  });

  it.each([
    ['one', 'one'],
    [' new , old ', 'new'],
  ])('signs with the first of %j', (list, first) => {
    expect(signingSecret(list)).toBe(first);
  });
});

describe('Prng', () => {
  it('repeats its sequence for a seed', () => {
    const a = new Prng(42);
    const b = new Prng(42);
    const seqA = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(seqA);
    expect(seqA.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('never draws for a probability of 0, so a knob left off does not shift the others', () => {
    const a = new Prng(1);
    const b = new Prng(1);
    a.chance(0);
    a.chance(undefined);
    expect(a.next()).toBe(b.next());
  });
});

describe('SimClock', () => {
  it('advances and sets on top of the source, and freezes', () => {
    let source = 1_000;
    const clock = new SimClock(() => source);
    clock.advance(500);
    expect(clock.now()).toBe(1_500);
    source = 2_000;
    expect(clock.now()).toBe(2_500);
    clock.set(10_000);
    expect(clock.now()).toBe(10_000);
    clock.freeze();
    source = 9_999_999;
    expect(clock.now()).toBe(10_000);
    clock.advance(6_000);
    expect(clock.now()).toBe(16_000);
    clock.unfreeze();
    source += 1;
    expect(clock.now()).toBe(16_001);
  });
});

describe('Scheduler', () => {
  it('idle() waits for timers and holds, including work they chain', async () => {
    const scheduler = new Scheduler();
    const done: string[] = [];
    scheduler.after(5, () => {
      done.push('first');
      scheduler.after(5, () => done.push('chained'));
    });
    const release = scheduler.hold();
    setTimeout(() => {
      done.push('held');
      release();
    }, 20);
    await scheduler.idle();
    expect(done.sort()).toEqual(['chained', 'first', 'held']);
  });

  it('cancelAll() drops pending timers and late releases do not go negative', async () => {
    const scheduler = new Scheduler();
    let ran = false;
    scheduler.after(10, () => (ran = true));
    const release = scheduler.hold();
    scheduler.cancelAll();
    release();
    expect(scheduler.pending).toBe(0);
    await scheduler.idle();
    await new Promise((r) => setTimeout(r, 20));
    expect(ran).toBe(false);
  });
});

describe('newWamid', () => {
  it("is shaped like Meta's: the number and a hex id in a base64 record, marked by direction", () => {
    const inbound = newWamid('14125550829', 'inbound');
    const outbound = newWamid('+1 412-555-0829');
    // As in Meta's fixtures: "wamid.HBgLMTQxMjU1NTA4MjkVAgASGBQ…" for an inbound id of 20 hex digits
    // (the character after "GB" also carries the id's first digit).
    expect(inbound).toMatch(/^wamid\.HBgLMTQxMjU1NTA4MjkVAgASGB[A-Za-z0-9+/]+=*$/);
    const inboundRecord = Buffer.from(inbound.slice('wamid.'.length), 'base64');
    expect([inboundRecord[17], inboundRecord[19], inboundRecord.at(-1)]).toEqual([0x12, 20, 0]);
    expect(inboundRecord.subarray(20, 40).toString('ascii')).toMatch(/^[0-9A-F]{20}$/);
    const record = Buffer.from(outbound.slice('wamid.'.length), 'base64');
    expect(record.subarray(3, 14).toString('ascii')).toBe('14125550829');
    expect(record[17]).toBe(0x11);
    expect(record.subarray(20, 38).toString('ascii')).toMatch(/^[0-9A-F]{18}$/);
  });

  it('never repeats within a process', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => newWamid('14125550829')));
    expect(ids.size).toBe(10_000);
  });
});
