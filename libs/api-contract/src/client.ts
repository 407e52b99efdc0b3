import createClient, { type ClientOptions, type Middleware } from 'openapi-fetch';
import type { paths } from './openapi.js';

export type SendbookClient = ReturnType<typeof createClient<paths>>;

export interface SendbookClientOptions extends ClientOptions {
  /** An integrator API key; the inbox uses its session cookie instead. */
  apiKey?: string;
}

/**
 * A typed client for the Sendbook API: every path, parameter, body and answer is checked against
 * the generated contract at compile time (`client.GET('/v1/messages/{id}', {params: {path: {id}}})`).
 */
export function createSendbookClient({ apiKey, ...options }: SendbookClientOptions = {}): SendbookClient {
  const client = createClient<paths>(options);
  if (apiKey) client.use(bearer(apiKey));
  return client;
}

function bearer(apiKey: string): Middleware {
  return {
    onRequest({ request }) {
      request.headers.set('authorization', `Bearer ${apiKey}`);
      return request;
    },
  };
}
