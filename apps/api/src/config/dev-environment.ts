import { newEncryptionKey } from '../common/crypto/secret-box.js';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Env } from './config.schema.js';
import { MIN_API_KEY_LENGTH } from './load-config.js';

/** Secrets `npm start` makes once and keeps under .data/, so the demo's API key survives restarts. */
export interface DevSecrets {
  apiKey: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  adminEmail: string;
  adminPassword: string;
  /** APP_ENCRYPTION_KEY for the demo's data (.data/dev-secrets.json, beside it). */
  encryptionKey: string;
}

/** The demo's admin: an address that is plainly not anyone's. */
export const DEV_ADMIN_EMAIL = 'admin@sendbook.local';

/**
 * Made on the first `npm start` and kept, so the key and the login survive restarts. Secrets an
 * older version made are completed or lengthened (keys now need 32 characters), never rotated
 * needlessly.
 */
export function loadDevSecrets(dataDir: string): DevSecrets {
  const file = path.join(dataDir, 'dev-secrets.json');
  const kept: Partial<DevSecrets> = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<DevSecrets>) : {};
  const token = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url')}`;
  const secrets: DevSecrets = {
    apiKey: kept.apiKey && kept.apiKey.length >= MIN_API_KEY_LENGTH ? kept.apiKey : token('sk_dev'),
    accessToken: kept.accessToken ?? token('sim'),
    appSecret: kept.appSecret ?? token('secret'),
    verifyToken: kept.verifyToken ?? token('verify'),
    adminEmail: kept.adminEmail ?? DEV_ADMIN_EMAIL,
    adminPassword: kept.adminPassword ?? randomBytes(12).toString('base64url'),
    // Kept with the data it seals: a new key would leave the demo's endpoint secrets unopenable.
    encryptionKey: kept.encryptionKey ?? newEncryptionKey(),
  };
  if (JSON.stringify(secrets) !== JSON.stringify(kept)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600 });
  }
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
    BOOTSTRAP_ADMIN_EMAIL: secrets.adminEmail,
    BOOTSTRAP_ADMIN_PASSWORD: secrets.adminPassword,
    APP_ENCRYPTION_KEY: secrets.encryptionKey,
    // The demo runs on a developer's machine, where the order system trying its events listens on localhost.
    EVENT_ENDPOINTS_ALLOW_PRIVATE: 'true',
    ...Object.fromEntries(
      Object.entries(env).filter(([key]) =>
        ['PORT', 'INBOX_PORT', 'SIM_PORT', 'LOG_LEVEL', 'DATABASE_URL', 'REDIS_URL', 'EVENT_ENDPOINTS_ALLOW_PRIVATE'].includes(key),
      ),
    ),
  };
}

export function devPorts(env: Env): DevPorts {
  return { api: Number(env.PORT ?? 3001), inbox: Number(env.INBOX_PORT ?? 3000), simulator: Number(env.SIM_PORT ?? 3002) };
}
