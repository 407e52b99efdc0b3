import { createSimulator, type MessagingLimitTier, type Simulator, type SimulatorOptions } from '@sendbook/simulator';
import request from 'supertest';
import { startTestApp, type TestApp, type TestAppOptions } from './test-app.js';
import { TEST_SECRETS } from './test-env.js';

export interface Sendbook extends TestApp {
  readonly sim: Simulator;
  /** supertest agent on the API with the integrator key set. */
  api(): { post(path: string): request.Test; get(path: string): request.Test };
  /** How audit trails name the integrator key `api()` sends: `api_key:<id>`. */
  keyActor(): Promise<string>;
  close(): Promise<void>;
}

/**
 * The whole system for an end-to-end test: the simulator standing in for Meta, and the API with
 * its workers pointed at it (Graph URL, token, app secret), the simulator's webhooks posted back.
 */
export async function startSendbook(options: { sim?: SimulatorOptions; app?: TestAppOptions } = {}): Promise<Sendbook> {
  // Sendbook reads the messaging limit from Graph at boot: the simulated Meta reports the one the test
  // assumes, or none when it is no tier of Meta's (a limit of 3), so the assumption stands. A number
  // the test describes itself keeps the limit it gives.
  const messagingLimit = simulatedTier(options.app?.env?.MESSAGING_LIMIT);
  const numbers = options.sim?.phoneNumbers ?? [
    { id: TEST_SECRETS.phoneNumberId, displayPhoneNumber: '15550783881', wabaId: TEST_SECRETS.businessAccountId, mps: 80 },
  ];
  const sim = await createSimulator({
    accessToken: TEST_SECRETS.accessToken,
    appSecret: TEST_SECRETS.appSecret,
    ...options.sim,
    phoneNumbers: numbers.map((n) => ({ ...(messagingLimit === undefined ? {} : { messagingLimit }), ...n })),
  });
  const app = await startTestApp({
    ...options.app,
    env: { WHATSAPP_GRAPH_URL: sim.url, RETRY_BASE_MS: '50', ...options.app?.env },
  });
  sim.configure({ webhookUrl: `${app.url}/webhooks/whatsapp` });
  const auth = (t: request.Test) => t.set('Authorization', `Bearer ${TEST_SECRETS.apiKey}`);
  return {
    ...app,
    sim,
    api: () => ({ post: (path: string) => auth(request(app.url).post(path)), get: (path: string) => auth(request(app.url).get(path)) }),
    keyActor: async () => `api_key:${((await app.dataSource.query(`SELECT id FROM api_keys WHERE name = 'bootstrap'`)) as { id: string }[])[0]!.id}`,
    close: async () => {
      await app.close();
      await sim.close();
    },
  };
}

const TIERS: Readonly<Record<string, MessagingLimitTier>> = {
  '250': 'TIER_250',
  '2000': 'TIER_2K',
  '10000': 'TIER_10K',
  '100000': 'TIER_100K',
  unlimited: 'TIER_UNLIMITED',
};

/** Meta's name for a MESSAGING_LIMIT value; null (Graph reports none) for a limit Meta has no tier for; undefined when unset (the simulator's default, TIER_250). */
function simulatedTier(limit: string | undefined): MessagingLimitTier | null | undefined {
  return limit === undefined ? undefined : (TIERS[limit.trim().toLowerCase()] ?? null);
}

/** A template message the simulator knows, so it is valid outside the 24 h window. */
export function templatePayload(order = '44812') {
  return {
    type: 'template',
    template: {
      name: 'order_shipped',
      language: { code: 'en' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Pablo' },
            { type: 'text', text: order },
            { type: 'text', text: 'Friday' },
          ],
        },
      ],
    },
  };
}

export function messageRequest(overrides: Record<string, unknown> = {}) {
  return {
    dedupe_key: 'order-44812:shipped:972501234567',
    to: '+972501234567',
    purpose: 'order_shipped',
    trigger_ref: 'orders/44812',
    payload: templatePayload(),
    ...overrides,
  };
}
