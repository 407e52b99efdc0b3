import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsInt,
  IsObject,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { ASSIGNMENT_MODES, WEEKDAYS, type AssignmentMode } from '@sendbook/queue';

const Given = () => ValidateIf((_object: unknown, value: unknown) => value !== undefined);
const GivenNotNull = () => ValidateIf((_object: unknown, value: unknown) => value !== undefined && value !== null);

export const MAX_TEAM_MEMBERS = 500;
/** A day: an assignee away longer is not "slow", the conversation is someone else's. */
export const MAX_REASSIGN_MINUTES = 1440;
/** Meta's limit on a text message's body. */
export const MAX_OUT_OF_OFFICE_LENGTH = 4096;
export const MAX_TEAM_NUMBERS = 100;
/** A response target shorter than this is noise, not a target. */
export const MIN_TARGET_SECONDS = 10;
/** A week: longer is no target a customer would notice. */
export const MAX_TARGET_SECONDS = 7 * 24 * 3600;

const INTERVAL = { type: 'array', items: { type: 'string', pattern: '^(?:[01]\\d|2[0-3]):[0-5]\\d$|^24:00$' }, minItems: 2, maxItems: 2 };
const BUSINESS_HOURS_SCHEMA = {
  type: ['object', 'null'],
  description:
    'Null: always open. `time_zone` an IANA name (`Europe/Berlin`); `weekly` per weekday (`mon` … `sun`, a day left out is closed) a list of `[start, end)` intervals `"HH:MM"` (`"24:00"` ends the day), sorted and merged on save, overlaps refused naming the interval (`business_hours.weekly.mon[1]`); `holidays` ISO dates closed all day.',
  properties: {
    time_zone: { type: 'string' },
    weekly: { type: 'object', properties: Object.fromEntries(WEEKDAYS.map((d) => [d, { type: 'array', items: INTERVAL }])), additionalProperties: false },
    holidays: { type: 'array', items: { type: 'string', format: 'date' } },
  },
  required: ['time_zone'],
  additionalProperties: false,
} as const;

/** How conversations reaching the team's numbers are handed out. */
export class TeamAssignmentDto {
  @Given()
  @IsIn(ASSIGNMENT_MODES, { message: `mode must be one of ${ASSIGNMENT_MODES.join(', ')}` })
  @JSONSchema({ description: '`manual` (people take them), `round_robin` or `balanced` (fewest open first).' })
  mode?: AssignmentMode;

  @Given()
  @IsInt({ message: 'max_open must be a whole number' })
  @Min(1)
  @Max(100)
  @JSONSchema({ description: 'Open conversations a member holds before automatic assignment passes them by (1 to 100).' })
  max_open?: number;

  @GivenNotNull()
  @IsInt({ message: 'reassign_after_minutes must be a whole number' })
  @Min(1)
  @Max(MAX_REASSIGN_MINUTES)
  @JSONSchema({
    type: ['integer', 'null'],
    description:
      'An assignee who leaves a waiting customer unanswered this many minutes (counted in business hours) loses the conversation to another available member with room (1 to 1440); null: never.',
  })
  reassign_after_minutes?: number | null;
}

/** Response targets; null removes one. */
export class TeamTargetsDto {
  @GivenNotNull()
  @IsInt({ message: 'first_response_seconds must be a whole number' })
  @Min(MIN_TARGET_SECONDS)
  @Max(MAX_TARGET_SECONDS)
  @JSONSchema({
    type: ['integer', 'null'],
    description: 'How long a customer may wait for the first reply (10 s to 7 days), counted in business hours; null: no target.',
  })
  first_response_seconds?: number | null;

  @GivenNotNull()
  @IsInt({ message: 'next_response_seconds must be a whole number' })
  @Min(MIN_TARGET_SECONDS)
  @Max(MAX_TARGET_SECONDS)
  @JSONSchema({ type: ['integer', 'null'], description: 'How long a customer who wrote again may wait for the next reply; null: no target.' })
  next_response_seconds?: number | null;
}

/** What create and change share; each field optional here. */
abstract class TeamFieldsDto {
  @Given()
  @IsArray()
  @ArrayMaxSize(MAX_TEAM_MEMBERS)
  @ArrayUnique({ message: 'member_ids must not repeat a staff member' })
  @IsUUID('all', { each: true, message: 'each of member_ids must be a staff id' })
  @JSONSchema({ description: 'The active staff in the team (ids from `GET /v1/team`); replaces the members when given. A person may be in several teams.' })
  member_ids?: string[];

  @Given()
  @IsArray()
  @ArrayMaxSize(MAX_TEAM_NUMBERS)
  @ArrayUnique({ message: 'phone_number_ids must not repeat a number' })
  @Matches(/^\d{1,32}$/, { each: true, message: 'each of phone_number_ids must be a phone number id (digits)' })
  @JSONSchema({
    description:
      'Business numbers routed to the team (ids from `GET /v1/numbers`); replaces them when given. A number routed to another team is refused (409 `number_routed`).',
  })
  phone_number_ids?: string[];

  @Given()
  @IsObject({ message: 'assignment must be an object' })
  @ValidateNested()
  @Type(() => TeamAssignmentDto)
  assignment?: TeamAssignmentDto;

  @Given()
  @IsObject({ message: 'targets must be an object' })
  @ValidateNested()
  @Type(() => TeamTargetsDto)
  targets?: TeamTargetsDto;

  /** Its text is checked by the service (outOfOfficeText), which names the field at fault. */
  @GivenNotNull()
  @IsObject({ message: 'out_of_office must be an object or null' })
  @JSONSchema({
    type: ['object', 'null'],
    properties: { text: { type: 'string', minLength: 1, maxLength: MAX_OUT_OF_OFFICE_LENGTH } },
    required: ['text'],
    additionalProperties: false,
    description: `Null: no out-of-office reply. \`text\` (1 to ${MAX_OUT_OF_OFFICE_LENGTH} characters) is sent once per conversation per closed period, through the outbox, to the first customer message outside business hours; it needs business hours to mean anything.`,
  } as never)
  out_of_office?: { text: string } | null;

  /** Checked and normalised by normaliseBusinessHours (the service), which names the field at fault. */
  @GivenNotNull()
  @IsObject({ message: 'business_hours must be an object or null' })
  @JSONSchema(BUSINESS_HOURS_SCHEMA as never)
  business_hours?: Record<string, unknown> | null;
}

/** `POST /v1/teams`. */
export class CreateTeamDto extends TeamFieldsDto {
  @IsString()
  @Length(1, 100)
  @Matches(/\S/, { message: 'name must not be blank' })
  @JSONSchema({ description: 'Unique whatever its case.' })
  name!: string;
}

/** `PATCH /v1/teams/{id}`: what is given changes, the rest stays. */
export class UpdateTeamDto extends TeamFieldsDto {
  @Given()
  @IsString()
  @Length(1, 100)
  @Matches(/\S/, { message: 'name must not be blank' })
  @JSONSchema({ description: 'Unique whatever its case.' })
  name?: string;
}
