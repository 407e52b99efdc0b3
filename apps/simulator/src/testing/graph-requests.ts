import type { Simulator } from '../simulator-api.js';

export interface GraphAnswer {
  status: number;
  json: Record<string, unknown>;
}

export interface SendOptions {
  token?: string;
  phoneNumberId?: string;
  version?: string;
}

/** POSTs a body to `/{version}/{phone_number_id}/messages` like a client would. */
export async function postMessage(sim: Simulator, body: unknown, options: SendOptions = {}): Promise<GraphAnswer> {
  const phoneNumberId = options.phoneNumberId ?? sim.config().phoneNumbers[0]?.id ?? '';
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const token = options.token ?? sim.config().accessToken;
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${sim.url}/${options.version ?? 'v23.0'}/${phoneNumberId}/messages`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

export function errorCode(answer: GraphAnswer): number | undefined {
  const error = answer.json.error as { code?: number } | undefined;
  return error?.code;
}

export function wamidOf(answer: GraphAnswer): string {
  const messages = answer.json.messages as Array<{ id: string }> | undefined;
  const id = messages?.[0]?.id;
  if (!id) throw new Error(`not accepted: ${JSON.stringify(answer.json)}`);
  return id;
}

export function textBody(to: string, text: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { messaging_product: 'whatsapp', recipient_type: 'individual', to, type: 'text', text: { body: text }, ...extra };
}

export function templateBody(
  to: string,
  name: string,
  language: string,
  components: unknown[] = [],
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return { messaging_product: 'whatsapp', to, type: 'template', template: { name, language: { code: language }, components }, ...extra };
}

export function bodyParams(...texts: string[]): Array<Record<string, unknown>> {
  return [{ type: 'body', parameters: texts.map((text) => ({ type: 'text', text })) }];
}

export function buttonsBody(to: string, buttons: Array<{ id: string; title: string }>): Record<string, unknown> {
  return {
    messaging_product: 'whatsapp',
    to,
    type: 'interactive',
    interactive: {
      type: 'button',
      body: { text: 'Pick one' },
      action: { buttons: buttons.map((reply) => ({ type: 'reply', reply })) },
    },
  };
}
