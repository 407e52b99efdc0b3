import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Env } from './config.schema.js';

/** Secrets `npm start` makes once and keeps under .data/, so the demo's API key survives restarts. */
export interface DevSecrets {
  apiKey: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
}

export function loadDevSecrets(dataDir: string): DevSecrets {
  const file = path.join(dataDir, 'dev-secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as DevSecrets;
  const token = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;
  const secrets: DevSecrets = { apiKey: token('sk_dev'), accessToken: token('sim'), appSecret: token('secret'), verifyToken: token('verify') };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600 });
  return secrets;
}

export interface DevPorts {
  api: number;
  inbox: number;
  simulator: number;
}

/** The demo's environment: everything pointed at the local simulator, the user's env on top. */
export function devEnvironment(env: Env, secrets: DevSecrets, simulatorUrl: string): Env {
  return {
    LOG_LEVEL: 'warn',
    WHATSAPP_GRAPH_URL: simulatorUrl,
    WHATSAPP_ACCESS_TOKEN: secrets.accessToken,
    WHATSAPP_APP_SECRET: secrets.appSecret,
    WHATSAPP_VERIFY_TOKEN: secrets.verifyToken,
    WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
    WHATSAPP_BUSINESS_ACCOUNT_ID: '102290129340398',
    BOOTSTRAP_API_KEY: secrets.apiKey,
    ...Object.fromEntries(Object.entries(env).filter(([key]) => ['PORT', 'INBOX_PORT', 'SIM_PORT', 'LOG_LEVEL', 'DATABASE_URL', 'REDIS_URL'].includes(key))),
  };
}

export function devPorts(env: Env): DevPorts {
  return { api: Number(env.PORT ?? 3001), inbox: Number(env.INBOX_PORT ?? 3000), simulator: Number(env.SIM_PORT ?? 3002) };
}
