import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AppModule } from '../app.module.js';
import { JsonLogger } from '../common/logging/json-logger.js';
import { loadConfig, withInfra } from '../config/load-config.js';
import { SERVER_LEVEL_ROUTES } from '../modules/webhooks/webhook-endpoint.js';
import { buildOpenApiDocument } from './build-document.js';
import { controllersOf, routesOf } from './collect-routes.js';
import { emitTypes } from './emit-types.js';
import type { OpenApiDocument, RecordedExchange } from './openapi-types.js';
import { dtoSchemas } from './request-schemas.js';

/** Where the generated contract lives (src/ and dist/ sit at the same depth). */
export const CONTRACT_DIR = fileURLToPath(new URL('../../../../libs/api-contract/', import.meta.url));
export const CONTRACT_FILES = {
  document: `${CONTRACT_DIR}openapi.json`,
  types: `${CONTRACT_DIR}src/openapi.ts`,
  examples: `${CONTRACT_DIR}examples.json`,
} as const;

/** The regeneration command every drift message names. */
export const REGENERATE = 'npm run contract';

export interface GeneratedContract {
  readonly document: OpenApiDocument;
  /** `openapi.json` as committed. */
  readonly documentText: string;
  /** `src/openapi.ts` as committed. */
  readonly typesText: string;
}

/**
 * The contract as the code declares it: the routes of every controller the API process registers
 * (read from the module tree, nothing started), the DTOs' validation schemas, the response schemas
 * the routes name, and the recorded examples.
 */
export function generateContract(examples: readonly RecordedExchange[] = readExamples()): GeneratedContract {
  const document = buildOpenApiDocument({
    routes: controllersOf(AppModule.forRoot(contractConfig(), new JsonLogger('silent'))).flatMap(routesOf),
    serverLevel: SERVER_LEVEL_ROUTES,
    dtos: dtoSchemas(),
    examples,
  });
  return { document, documentText: `${JSON.stringify(document, null, 2)}\n`, typesText: emitTypes(document) };
}

/** The committed files that differ from `contract`, and the line that says what to do about it. */
export function contractDrift(contract: GeneratedContract, read: (file: string) => string | null = readOrNull): { drifted: string[]; message: string | null } {
  const drifted = contractFiles(contract)
    .filter(([file, text]) => read(file) !== text)
    .map(([file]) => file);
  const message =
    drifted.length === 0
      ? null
      : `The API contract is out of date with the code (${drifted.map((f) => f.slice(CONTRACT_DIR.length - 'libs/api-contract/'.length)).join(', ')} differ from what the code generates): run \`${REGENERATE}\`.`;
  return { drifted, message };
}

export const contractFiles = (contract: GeneratedContract): [string, string][] => [
  [CONTRACT_FILES.document, contract.documentText],
  [CONTRACT_FILES.types, contract.typesText],
];

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

export function readExamples(): RecordedExchange[] {
  try {
    return JSON.parse(readFileSync(CONTRACT_FILES.examples, 'utf8')) as RecordedExchange[];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** An API process's configuration with placeholder secrets: only the module tree is read from it. */
function contractConfig() {
  const env = {
    ROLE: 'api',
    LOG_LEVEL: 'silent',
    WHATSAPP_ACCESS_TOKEN: 'contract',
    WHATSAPP_APP_SECRET: 'contract-app-secret',
    WHATSAPP_VERIFY_TOKEN: 'contract-verify-token',
    WHATSAPP_PHONE_NUMBER_ID: '1',
  };
  return withInfra(loadConfig(env), { databaseUrl: 'postgres://contract.invalid/contract', redisUrl: 'redis://contract.invalid' });
}
