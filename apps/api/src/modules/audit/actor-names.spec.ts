import { parseActor } from './actor-names.js';

describe('parseActor', () => {
  it.each([
    ['staff:0b9d2c4e-1f1a-4c8e-9a57-5d2f3b9e7a10', { kind: 'staff', id: '0b9d2c4e-1f1a-4c8e-9a57-5d2f3b9e7a10' }],
    ['api_key:0b9d2c4e-1f1a-4c8e-9a57-5d2f3b9e7a10', { kind: 'api_key', id: '0b9d2c4e-1f1a-4c8e-9a57-5d2f3b9e7a10' }],
    ['staff:not-a-uuid', { kind: 'named', name: 'staff:not-a-uuid' }],
    ['worker', { kind: 'named', name: 'Sendbook' }],
    ['webhook', { kind: 'named', name: 'Meta (webhook)' }],
    ['admin:api', { kind: 'named', name: 'An API key' }],
    ['something-else', { kind: 'named', name: 'something-else' }],
  ])('%s', (actor, parsed) => {
    expect(parseActor(actor)).toEqual(parsed);
  });
});
