// Which fault was on when: every answer the front door timed is charged to each fault whose window
// (plus a settling time after it, while the system catches up) overlaps the request, or to
// "no fault". The report prints the longest enqueue and webhook-ack answer seen per fault.

export const SETTLE_MS = 2_000;

export function faultLog() {
  const faults = new Map();
  const calm = blank('no fault');

  const fault = (name) => {
    if (!faults.has(name)) faults.set(name, blank(name));
    return faults.get(name);
  };

  return {
    /** Opens a window of fault `name`; call the returned function when it is over. */
    begin(name) {
      const f = fault(name);
      const window = { from: Date.now(), to: null };
      f.windows.push(window);
      return () => {
        window.to = Date.now();
      };
    },
    answer({ route, startedAt, ms, status }) {
      if (route !== 'enqueue' && route !== 'ack' && route !== 'reply') return;
      const ended = startedAt + ms;
      let charged = false;
      for (const f of faults.values()) {
        if (f.windows.some((w) => startedAt <= (w.to ?? Infinity) + SETTLE_MS && ended >= w.from)) {
          charge(f, route, ms, status);
          charged = true;
        }
      }
      if (!charged) charge(calm, route, ms, status);
    },
    /** Whether an outage of PostgreSQL or Redis was on at `at`, or ended less than `graceMs` before. */
    outageAround(at, graceMs) {
      return [...faults.values()].some((f) => /^(PostgreSQL|Redis)/.test(f.name) && f.windows.some((w) => at >= w.from && at <= (w.to ?? Infinity) + graceMs));
    },
    /** One line per fault: how often, for how long, and the longest answers. */
    summary() {
      return [calm, ...faults.values()].map((f) => ({
        fault: f.name,
        times: f.windows.length,
        total_s: Math.round(f.windows.reduce((s, w) => s + ((w.to ?? Date.now()) - w.from), 0) / 100) / 10,
        enqueues: f.enqueue.count,
        longest_enqueue_ms: Math.round(f.enqueue.max),
        acks: f.ack.count,
        longest_ack_ms: Math.round(f.ack.max),
        ack_non_200: f.ack.non200,
      }));
    },
  };
}

function blank(name) {
  return { name, windows: [], enqueue: { count: 0, max: 0, non200: 0 }, ack: { count: 0, max: 0, non200: 0 } };
}

function charge(f, route, ms, status) {
  const bucket = route === 'ack' ? f.ack : f.enqueue;
  bucket.count++;
  bucket.max = Math.max(bucket.max, ms);
  if (status !== 200 && status !== 201) bucket.non200++;
}
