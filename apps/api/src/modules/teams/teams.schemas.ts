import { ASSIGNMENT_MODES, WEEKDAYS } from '@sendbook/queue';
import { arrayOf, bool, dateTime, int, named, nullable, object, oneOfValues, str, uuid } from '../../contract/schema.js';

const Interval = arrayOf(str({ pattern: '^\\d{2}:\\d{2}$' }), { minItems: 2, maxItems: 2, description: '`[start, end)`, "HH:MM" in the team’s time zone' });

export const BusinessHours = named(
  'BusinessHours',
  object(
    {
      time_zone: str({ description: 'IANA time zone' }),
      weekly: object(Object.fromEntries(WEEKDAYS.map((d) => [d, arrayOf(Interval)])), {
        description: 'every weekday; an empty list is closed; intervals sorted and apart',
      }),
      holidays: arrayOf(str({ format: 'date' }), { description: 'closed all day, sorted' }),
    },
    { description: 'When the team works; response targets count only these hours.' },
  ),
);

export const Team = named(
  'Team',
  object(
    {
      id: uuid(),
      name: str(),
      members: arrayOf(object({ id: uuid(), name: str(), role: oneOfValues(['agent', 'admin']), active: bool() })),
      phone_number_ids: arrayOf(str(), { description: 'business numbers routed to the team, sorted' }),
      assignment: object({
        mode: oneOfValues(ASSIGNMENT_MODES),
        max_open: int({ minimum: 1, maximum: 100 }),
        reassign_after_minutes: nullable(int({ minimum: 1 }), {
          description: 'an assignee silent this long loses a waiting customer to another member; null: never',
        }),
      }),
      out_of_office: nullable(object({ text: str() }), {
        description: 'sent once per conversation per closed period to a customer writing outside business hours; null: none',
      }),
      targets: object({ first_response_seconds: nullable(int()), next_response_seconds: nullable(int()) }),
      business_hours: nullable(BusinessHours, { description: 'null: always open' }),
      created_at: dateTime(),
      updated_at: dateTime(),
    },
    { description: 'Staff that business numbers are routed to, with how conversations are handed out and how fast they must be answered.' },
  ),
);

export const TeamList = object({ data: arrayOf(Team) });
export const OneTeam = object({ team: Team });
