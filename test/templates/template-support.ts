import { signBody } from '@sendbook/whatsapp';
import { TEST_SECRETS } from '../support/test-env.js';

/** A signed `message_template_status_update` webhook POSTed to the API, as Meta sends it. */
export async function postTemplateStatus(
  baseUrl: string,
  value: { id: string; name: string; language: string; event: string; title?: string },
): Promise<Response> {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: TEST_SECRETS.businessAccountId,
        time: Math.floor(Date.now() / 1000),
        changes: [
          {
            field: 'message_template_status_update',
            value: {
              event: value.event,
              message_template_id: Number(value.id),
              message_template_name: value.name,
              message_template_language: value.language,
              reason: 'NONE',
              message_template_category: 'UTILITY',
              ...(value.title ? { other_info: { title: value.title, description: 'Paused for low quality' } } : {}),
            },
          },
        ],
      },
    ],
  });
  return fetch(`${baseUrl}/webhooks/whatsapp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signBody(Buffer.from(body), TEST_SECRETS.appSecret) },
    body,
  });
}
