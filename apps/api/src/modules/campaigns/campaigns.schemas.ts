import { OUTBOX_STATES } from '@sendbook/queue';
import { arrayOf, dateTime, int, mapOf, named, nullable, object, str } from '../../contract/schema.js';
import { pricingCountFields, SpendEstimate } from '../metrics/metrics.schemas.js';
import { RenderedTemplate } from '../templates/templates.schemas.js';

const count = (description: string) => int({ minimum: 0, description });

/** Every state, zero included, so a client can draw the same bars for every campaign. */
const ByState = object(Object.fromEntries(OUTBOX_STATES.map((s) => [s, count(`messages now ${s}`)])), { description: 'messages by their state now' });

const summaryFields = {
  campaign: str({ description: 'the tag given at enqueue' }),
  messages: count('messages tagged with it'),
  by_state: ByState,
  first_enqueued_at: dateTime(),
  last_enqueued_at: dateTime(),
};

export const CampaignSummary = named('CampaignSummary', object(summaryFields, { description: 'A campaign: the messages enqueued with one `campaign` tag.' }));

export const Campaign = named(
  'Campaign',
  object(
    {
      ...summaryFields,
      failures: arrayOf(
        object({
          code: { type: ['integer', 'string', 'null'], description: 'the error code of the failed messages (Meta’s, or the sender’s own)' },
          title: nullable(str()),
          count: count('failed messages with this code'),
        }),
        { description: 'failed messages by error code, most frequent first' },
      ),
      replies: object(
        {
          count: count('inbound messages attributed to its messages (reactions excluded)'),
          messages_replied: count('its messages with at least one reply'),
          choices: arrayOf(object({ title: str(), count: count('replies with this button or list choice') }), {
            description: 'buttons and list rows tapped, most frequent first',
          }),
        },
        { description: 'what customers answered' },
      ),
      pricing: object(
        { ...pricingCountFields, estimated_spend: nullable(SpendEstimate, { description: 'null unless `PRICING_RATES` is set' }) },
        {
          description:
            'its messages as Meta priced them, each counted once when its first priced status was recorded (the counters `GET /v1/metrics` reads, labelled with the campaign)',
        },
      ),
    },
    { description: 'A campaign with its failures, replies and what Meta priced.' },
  ),
);

export const CampaignPage = object({ data: arrayOf(CampaignSummary), next_cursor: nullable(str()) });
export const OneCampaign = object({ campaign: Campaign });

// Campaigns as resources (POST /v1/campaigns and what follows it).

const CAMPAIGN_STATES = ['draft', 'running', 'paused', 'completed', 'cancelled'];

export const CampaignRun = named(
  'CampaignRun',
  object(
    {
      id: str({ format: 'uuid' }),
      name: str({ description: 'unique; the `campaign` tag on its messages' }),
      phone_number_id: str(),
      template: object({ name: str(), language: str() }),
      template_category: nullable(str()),
      not_before: nullable(dateTime()),
      state: { type: 'string', enum: CAMPAIGN_STATES, description: 'draft → running → paused → completed or cancelled' },
      rows_total: count('recipients stored (valid and distinct)'),
      rows_written: count('recipients written into the outbox so far'),
      rows_refused: count('rows of its uploads refused'),
      by_state: mapOf(count('messages in that state'), { description: 'its messages by state now (states with none left out)' }),
      waiting_for_limit: count('queued, waiting for a slot under the messaging limit'),
      opted_out: count('held: the recipient opted out of marketing'),
      held_for_pause: count('held while the campaign is paused'),
      created_by: str(),
      created_by_name: str({ description: 'who started it, in words (a staff member’s name)' }),
      created_at: dateTime(),
      completed_at: nullable(dateTime()),
    },
    { description: 'A campaign an admin started: its recipients, how far they are written, and where its messages stand.' },
  ),
);

const Refused = arrayOf(object({ line: int({ minimum: 1 }), reason: str() }), {
  description: 'rows that will not be sent, with their line (CSV line, or 1-based index of `recipients`) and why; at most 1,000 listed',
});

const Summary = object(
  {
    rows: count('rows given'),
    valid: count('rows that can be sent'),
    refused: count('rows refused (malformed, duplicates)'),
    duplicates: count('rows repeating an earlier row’s recipient'),
    opted_out: count('valid recipients opted out of marketing (MARKETING templates only): held, never sent'),
    will_go: count('messages that will be sent'),
    today: count('of those, within the messaging limit now'),
    waiting_for_limit: count('of those, waiting for the limit to free slots'),
    messaging_limit: { type: ['integer', 'string'], description: 'the number’s limit (unique users per 24 h) or `unlimited`' },
    users_in_window: count('users reached in the current 24 h'),
    rate_per_second: { type: 'number', description: 'the number’s rate in force' },
    first_at: dateTime(),
    last_at: nullable(dateTime({ description: 'when the last should go, at the number’s rate and limit (an estimate)' })),
    template_category: nullable(str()),
    added: count('recipients added to the campaign by this request'),
    already_in_campaign: count('recipients the campaign had already: not written again'),
  },
  { optional: ['added', 'already_in_campaign'] },
);

const Preview = arrayOf(
  object({
    line: int({ minimum: 1 }),
    to: str(),
    variables: arrayOf(str()),
    text: nullable(str({ description: 'the body as the customer will read it' })),
    rendered: nullable(RenderedTemplate, { description: 'null when the registry does not know the template' }),
  }),
  { description: 'the first rows as their customers will see them' },
);

export const CampaignSubmission = object({
  dry_run: { type: 'boolean' },
  campaign: nullable(CampaignRun),
  summary: Summary,
  refused: Refused,
  preview: Preview,
});

export const CampaignRequest = object(
  {
    name: str({ minLength: 1, maxLength: 100 }),
    phone_number_id: str({ description: 'default: the configured number' }),
    template: object({ name: str(), language: str() }),
    recipients: arrayOf(object({ to: str(), recipient: str(), variables: arrayOf(str()) }, { optional: ['to', 'recipient'] })),
    variables: arrayOf(str({ description: 'CSV columns for the template’s variables, in order' })),
    not_before: dateTime(),
    dry_run: { type: 'boolean' },
  },
  { optional: ['phone_number_id', 'variables', 'not_before', 'dry_run'] },
);

export const OneCampaignRun = object({ campaign: CampaignRun });
export const CampaignRunPage = object({ data: arrayOf(CampaignRun) });
export const CampaignTimeline = object({
  data: arrayOf(object({ at: dateTime(), sent: count('sent that minute'), delivered: count('delivered'), read: count('read'), failed: count('failed') })),
});
