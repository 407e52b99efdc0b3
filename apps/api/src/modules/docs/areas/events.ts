import { AUTHED } from '../common.js';
import type { ApiArea } from '../openapi-types.js';
import { json, object, oneOfValues, query, str, text } from '../schema.js';

export const eventsArea: ApiArea = {
  tag: { name: 'events', description: 'The live feed of changes as server-sent events.' },
  paths: {
    '/v1/events': {
      get: {
        operationId: 'streamEvents',
        tags: ['events'],
        summary: 'Server-sent events',
        description:
          'A `text/event-stream` of `inbound.created`, `message.status` and `work_item.changed` events (each `data:` is JSON), and `reset` when the client must refetch. Comments keep the stream open. Resumable with the `Last-Event-ID` header.',
        parameters: [
          { name: 'Last-Event-ID', in: 'header', required: false, description: 'resume after this event id', schema: str() },
          query('last_event_id', str(), 'the same, for clients that cannot set headers'),
        ],
        responses: {
          '200': text('text/event-stream', 'The stream; it stays open.'),
          '503': json(object({ error: oneOfValues(['unavailable']), message: str() }), 'The live feed is unavailable (Redis down); retry shortly.'),
          ...AUTHED,
        },
      },
    },
  },
};
