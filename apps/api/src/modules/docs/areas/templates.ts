import { AUTHED, AUTHED_WITH_BODY } from '../common.js';
import type { ApiArea } from '../openapi-types.js';
import { anyObject, arrayOf, dateTime, errorRef, int, json, jsonBody, nullable, object, query, ref, str } from '../schema.js';

const template = object(
  {
    id: str({ description: "Meta's template id" }),
    waba_id: str(),
    name: str(),
    language: str({ description: 'e.g. `en`, `en_US`' }),
    category: str({ description: 'MARKETING, UTILITY or AUTHENTICATION' }),
    status: str({ description: 'APPROVED, PENDING, REJECTED, PAUSED, DISABLED, …' }),
    quality: nullable(str()),
    parameter_format: nullable(str({ description: 'POSITIONAL or NAMED' })),
    components: arrayOf(anyObject, { description: "as Meta returns them" }),
    synced_at: dateTime,
    updated_at: dateTime,
  },
  { description: 'An entry of the template registry, synced from Meta.' },
);

export const templatesArea: ApiArea = {
  tag: { name: 'templates', description: "The registry of Meta's message templates: template sends are checked against it before they are queued." },
  schemas: { Template: template },
  paths: {
    '/v1/templates': {
      get: {
        operationId: 'listTemplates',
        tags: ['templates'],
        summary: 'List the synced templates',
        parameters: [
          query('status', str({ pattern: '^[A-Z_]{1,40}$' }), 'a Meta template status such as APPROVED'),
          query('name', str({ minLength: 1, maxLength: 512 })),
          query('language', str({ pattern: '^[a-z]{2,3}(_[A-Z]{2})?$' }), 'a language code such as en or en_US'),
        ],
        responses: { '200': json(object({ data: arrayOf(ref('Template')) }), 'The matching templates (none when no WABA is configured).'), '400': errorRef('ValidationFailed'), ...AUTHED },
      },
    },
    '/v1/templates/sync': {
      post: {
        operationId: 'syncTemplates',
        tags: ['templates'],
        summary: 'Sync the registry from Meta now',
        description: 'Workers also sync on boot and every `TEMPLATE_SYNC_INTERVAL_MS`. `400` when `WHATSAPP_BUSINESS_ACCOUNT_ID` is not configured.',
        responses: {
          '200': json(object({ waba_id: str(), synced: int({ minimum: 0 }), removed: int({ minimum: 0 }) }), 'What the sync changed.'),
          '400': errorRef('ValidationFailed'),
          ...AUTHED,
        },
      },
    },
    '/v1/templates/render': {
      post: {
        operationId: 'renderTemplate',
        tags: ['templates'],
        summary: 'Render a template send as the customer would see it',
        requestBody: jsonBody(object({ template: ref('TemplateSend') })),
        responses: {
          '200': json(object({ rendered: ref('RenderedTemplate') }), 'The rendered text and its parts.'),
          '404': errorRef('NotFound'),
          ...AUTHED_WITH_BODY,
        },
      },
    },
  },
};
