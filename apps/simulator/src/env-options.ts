import type { SimulatorOptions } from './options.js';

export interface StandaloneOptions {
  simulator: SimulatorOptions;
  /** How many demo customers to start. */
  demoCustomers: number;
  replyProbability: number;
}

/** Reads the standalone server's environment; only `main.ts` passes `process.env` here. */
export function optionsFromEnv(env: Record<string, string | undefined>): StandaloneOptions {
  const phoneNumberId = env.WHATSAPP_PHONE_NUMBER_ID || '106540352242922';
  const simulator: SimulatorOptions = {
    host: env.SIM_HOST || '0.0.0.0',
    port: integer(env.SIM_PORT, 3002),
    phoneNumbers: [
      {
        id: phoneNumberId,
        displayPhoneNumber: env.SIM_DISPLAY_PHONE_NUMBER || '15550783881',
        wabaId: env.WHATSAPP_BUSINESS_ACCOUNT_ID || '102290129340398',
        mps: integer(env.SIM_MPS, 80),
      },
    ],
    // Human-looking pacing for the demo: ticks arrive over a few seconds.
    statusDelaysMs: { sent: 300, delivered: 1200, read: 4000 },
    asyncWindowFailure: env.SIM_ASYNC_WINDOW_FAILURE === 'true',
  };
  if (env.SIM_WEBHOOK_URL) simulator.webhookUrl = env.SIM_WEBHOOK_URL;
  if (env.WHATSAPP_APP_SECRET) simulator.appSecret = env.WHATSAPP_APP_SECRET;
  if (env.WHATSAPP_ACCESS_TOKEN) simulator.accessToken = env.WHATSAPP_ACCESS_TOKEN;
  if (env.SIM_SEED) simulator.seed = integer(env.SIM_SEED, 1);
  return {
    simulator,
    demoCustomers: integer(env.SIM_DEMO_CUSTOMERS, 3),
    replyProbability: Number(env.SIM_REPLY_PROBABILITY ?? '0.6'),
  };
}

function integer(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`expected a non-negative integer, got "${value}"`);
  return parsed;
}
