import { anyObject, arrayOf, dateTime, named, nullable, object, str } from '../../contract/schema.js';

export const AuditEntry = named(
  'AuditEntry',
  object(
    {
      at: dateTime(),
      actor: str({ description: '`staff:<id>`, `api_key:<id>`, `system`, …' }),
      actor_name: str({ description: 'who that is, in words' }),
      action: str({ description: 'e.g. `conversation.assigned`, `staff.created`, `api_key.revoked`' }),
      details: nullable(anyObject()),
    },
    { description: 'One audited action: who did what, when.' },
  ),
);

export const AuditTrail = object({ data: arrayOf(AuditEntry) });
