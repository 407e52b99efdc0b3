// The simulator in a process of its own, for benches that time what Meta sees: in the bench's own
// process a stalled event loop would stamp a queue of requests with one instant and make a
// steady sender look bursty. Options come as JSON in argv[2]; the parent asks over IPC for what
// the simulator recorded.
import { createSimulator } from '../apps/simulator/dist/index.js';

const sim = await createSimulator(JSON.parse(process.argv[2] ?? '{}'));

process.on('message', (msg) => {
  if (msg?.type === 'sends') {
    // Only what the bench reads: who sent to whom and when Meta accepted it.
    process.send({
      id: msg.id,
      value: sim.ledger().map((e) => ({ phoneNumberId: e.phoneNumberId, to: e.to, acceptedAt: e.acceptedAt, dedupe: e.bizOpaqueCallbackData })),
    });
  } else if (msg?.type === 'rejections') {
    process.send({ id: msg.id, value: sim.rejections().map((r) => ({ at: r.at, phoneNumberId: r.phoneNumberId, code: r.code })) });
  } else if (msg?.type === 'refuse-next') {
    // The next send request is refused with this code, whatever its number (a scripted 130429).
    sim.scriptNext(1, { kind: 'error', code: msg.code });
    process.send({ id: msg.id, value: true });
  } else if (msg?.type === 'count') {
    process.send({ id: msg.id, value: sim.requests() });
  }
});
process.once('SIGTERM', () => {
  sim.close().finally(() => process.exit(0));
});
process.send({ type: 'ready', url: sim.url });
