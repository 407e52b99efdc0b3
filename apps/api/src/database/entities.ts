import { ApiKey } from '../modules/api-keys/api-key.entity.js';
import { MetricCounter } from '../modules/metrics/metric-counter.entity.js';
import { OutboundMessageEvent } from '../modules/outbox/outbound-message-event.entity.js';
import { OutboundMessage } from '../modules/outbox/outbound-message.entity.js';
import { SendingPause } from '../modules/outbox/sending-pause.entity.js';

/** Every entity, listed explicitly: ESM has no reliable glob loading, and a list is reviewable. */
export const ENTITIES = [ApiKey, MetricCounter, OutboundMessage, OutboundMessageEvent, SendingPause];
