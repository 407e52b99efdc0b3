import { anyObject, arrayOf, constant, int, object, oneOfValues, uuid } from '../../contract/schema.js';

export const WebhookBody = anyObject({ description: 'The webhook body exactly as Meta sends it (`{"object": "whatsapp_business_account", "entry": [...]}`).' });
export const WebhookReceived = object({ received: constant(true) });
export const webhookError = (codes: string[]) => object({ error: oneOfValues(codes) });
export const Replayed = object({ replayed: int({ minimum: 0 }), ids: arrayOf(uuid()) });
