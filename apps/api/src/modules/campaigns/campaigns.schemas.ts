import { OUTBOX_STATES } from '@sendbook/queue';
import { arrayOf, dateTime, int, named, nullable, object, str } from '../../contract/schema.js';
import { pricingCountFields, SpendEstimate } from '../metrics/metrics.schemas.js';

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
