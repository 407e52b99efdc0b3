import { createSimulator } from '../simulator.js';
import type { Simulator } from '../simulator-api.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

/** A simulator posting its webhooks to a local receiver, with fast status ticks for tests. */
export async function startSimulatorWithReceiver(): Promise<{ sim: Simulator; receiver: WebhookReceiver; close: () => Promise<void> }> {
  const receiver = await startWebhookReceiver();
  const sim = await createSimulator({ webhookUrl: receiver.url, statusDelaysMs: { sent: 0, delivered: 5, read: 10 }, webhookBatch: { flushMs: 5 } });
  return {
    sim,
    receiver,
    close: async () => {
      await sim.close();
      await receiver.close();
    },
  };
}
