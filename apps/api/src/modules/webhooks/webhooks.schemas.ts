import { anyObject, arrayOf, constant, dateTime, int, nullable, object, oneOfValues, str, uuid } from '../../contract/schema.js';

export const WebhookBody = anyObject({ description: 'The webhook body exactly as Meta sends it (`{"object": "whatsapp_business_account", "entry": [...]}`).' });
export const WebhookReceived = object({ received: constant(true) });
export const webhookError = (codes: string[]) => object({ error: oneOfValues(codes) });
export const Replayed = object({ replayed: int({ minimum: 0 }), ids: arrayOf(uuid()) });

export const OneDelivery = object({
  delivery: object({
    id: uuid(),
    state: str({ description: 'received, processing, processed, poison' }),
    received_at: dateTime(),
    processed_at: nullable(dateTime()),
    attempts: int({ minimum: 0 }),
    size: int({ minimum: 0, description: 'bytes' }),
    last_error: nullable(anyObject(), { description: 'why it could not be processed (for poison: the parse error)' }),
    body: str({ description: 'the body as Meta sent it, as text' }),
  }),
});
