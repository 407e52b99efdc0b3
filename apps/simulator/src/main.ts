/**
 * Standalone simulator: `node apps/simulator/dist/main.js`. Configured by SIM_PORT, SIM_WEBHOOK_URL,
 * WHATSAPP_APP_SECRET, WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_BUSINESS_ACCOUNT_ID.
 */
import { optionsFromEnv } from './env-options.js';
import { createSimulator } from './simulator.js';

const options = optionsFromEnv(process.env);
const sim = await createSimulator({ ...options.simulator, logger: (line) => console.log(`[simulator] ${line}`) });

const customers = sim.randomCustomers({ count: options.demoCustomers, replyProbability: options.replyProbability, greet: true, replyDelayMs: [1500, 6000] });
const config = sim.config();
console.log(`[simulator] Graph API:    ${sim.url}  (use as WHATSAPP_GRAPH_URL)`);
console.log(`[simulator] Control API:  ${sim.url}/_sim/health`);
console.log(`[simulator] Webhooks to:  ${config.webhookUrl ?? '(not set: events wait until POST /_sim/config {"webhook_url": ...})'}`);
console.log(`[simulator] Phone number: ${config.phoneNumbers.map((p) => `${p.id} (+${p.displayPhoneNumber}, WABA ${p.wabaId})`).join(', ')}`);
console.log(`[simulator] Demo customers: ${customers.map((c) => `${c.name} +${c.waId}`).join(', ')}`);

let closing = false;
const shutdown = (signal: string): void => {
  if (closing) return;
  closing = true;
  console.log(`[simulator] ${signal}: closing`);
  void sim.close().then(() => process.exit(0));
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
