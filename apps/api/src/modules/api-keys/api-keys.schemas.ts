import { API_KEY_SCOPES } from '../../common/auth/principal.js';
import { arrayOf, dateTime, int, named, nullable, object, oneOfValues, str, uuid } from '../../contract/schema.js';

export const ApiKey = named(
  'ApiKey',
  object(
    {
      id: uuid(),
      name: str(),
      integration: str({
        description: 'the integrator it belongs to: a `send` key reads the messages of every key of its integration (so a rotated key keeps its rows)',
      }),
      prefix: str({ description: 'the first characters of the key, to tell keys apart' }),
      scopes: arrayOf(oneOfValues(API_KEY_SCOPES), { description: '`send`: enqueue and read its own messages; `admin`: everything an admin may' }),
      created_by: nullable(str({ description: '`staff:<id>`, `api_key:<id>`, `bootstrap` or `cli`' })),
      created_at: dateTime(),
      last_used_at: nullable(dateTime(), { description: 'to the minute' }),
      revoked_at: nullable(dateTime()),
      expires_at: nullable(dateTime(), { description: 'refused from then on; null: until revoked' }),
      limits: object(
        {
          phone_number_ids: nullable(arrayOf(str()), { description: 'the business numbers it may send from; null: any' }),
          max_priority: nullable(int(), { description: 'the highest `priority` it may ask for (agent replies go at 100); null: no limit' }),
          rate_per_minute: nullable(int(), { description: 'requests per minute before `429 rate_limited`; null: no limit' }),
        },
        { description: 'what an admin limited it to, as in force' },
      ),
      review: nullable(oneOfValues(['creator_deactivated']), {
        description: '`creator_deactivated`: the staff member who made this key is deactivated; decide whether it should live on',
      }),
    },
    { description: 'An integrator API key (never the key itself after it was created).' },
  ),
);

export const ApiKeyList = object({ data: arrayOf(ApiKey) });
export const OneApiKey = object({ api_key: ApiKey });
export const ApiKeyCreated = object({ api_key: ApiKey, key: str({ description: 'the key: shown this once, stored only as a hash' }) });
