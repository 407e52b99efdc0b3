import { Alert } from '../modules/alerts/alert.entity.js';
import { ApiKey } from '../modules/api-keys/api-key.entity.js';
import { AuditEvent } from '../modules/audit/audit-event.entity.js';
import { LoginAttempt } from '../modules/staff/login-attempt.entity.js';
import { StaffSession } from '../modules/staff/staff-session.entity.js';
import { Staff } from '../modules/staff/staff.entity.js';
import { Contact } from '../modules/conversations/contact.entity.js';
import { ConversationNote } from '../modules/conversations/conversation-note.entity.js';
import { Snippet } from '../modules/snippets/snippet.entity.js';
import { CampaignRecipient, CampaignRecord } from '../modules/campaigns/campaign.entity.js';
import { Team, TeamMember, TeamNumber } from '../modules/teams/team.entity.js';
import { OutboundSearchTerm } from '../modules/search/outbound-search-term.entity.js';
import { OutboundSearchWamid } from '../modules/search/outbound-search-wamid.entity.js';
import { Conversation } from '../modules/conversations/conversation.entity.js';
import { InboundAttributionEvent } from '../modules/conversations/inbound-attribution-event.entity.js';
import { InboundAttribution } from '../modules/conversations/inbound-attribution.entity.js';
import { EventDeliveryAttempt } from '../modules/integrator-events/event-delivery-attempt.entity.js';
import { EventDelivery } from '../modules/integrator-events/event-delivery.entity.js';
import { EventEndpoint } from '../modules/integrator-events/event-endpoint.entity.js';
import { IntegratorEvent } from '../modules/integrator-events/integrator-event.entity.js';
import { MetricCounter } from '../modules/metrics/metric-counter.entity.js';
import { MetricSample } from '../modules/metrics/metric-sample.entity.js';
import { OutboundMessageEvent } from '../modules/outbox/outbound-message-event.entity.js';
import { OutboundMessage } from '../modules/outbox/outbound-message.entity.js';
import { SendingPause } from '../modules/outbox/sending-pause.entity.js';
import { BusinessNumber } from '../modules/policy/business-number.entity.js';
import { MessagingLimitRow } from '../modules/policy/messaging-limit.entity.js';
import { Template } from '../modules/templates/template.entity.js';
import { InboundMessage } from '../modules/conversations/inbound-message.entity.js';
import { MessageEcho } from '../modules/conversations/message-echo.entity.js';
import { MessageStatusEvent } from '../modules/webhooks/message-status-event.entity.js';
import { WebhookDelivery } from '../modules/webhooks/webhook-delivery.entity.js';
import { WebhookEventClaim } from '../modules/webhooks/webhook-event-claim.entity.js';
import { WebhookFieldEvent } from '../modules/webhooks/webhook-field-event.entity.js';
import { MediaFile } from '../modules/media/media-file.entity.js';
import { MediaMetaId } from '../modules/media/media-meta-id.entity.js';

/** Every entity, listed explicitly: ESM has no reliable glob loading, and a list is reviewable. */
export const ENTITIES = [
  ApiKey,
  MetricCounter,
  OutboundMessage,
  OutboundMessageEvent,
  SendingPause,
  WebhookDelivery,
  WebhookEventClaim,
  MessageStatusEvent,
  InboundMessage,
  WebhookFieldEvent,
  Contact,
  Conversation,
  InboundAttribution,
  InboundAttributionEvent,
  Template,
  MessagingLimitRow,
  BusinessNumber,
  MetricSample,
  Alert,
  Staff,
  StaffSession,
  LoginAttempt,
  AuditEvent,
  ConversationNote,
  MessageEcho,
  Snippet,
  Team,
  TeamMember,
  TeamNumber,
  OutboundSearchTerm,
  OutboundSearchWamid,
  EventEndpoint,
  IntegratorEvent,
  EventDelivery,
  EventDeliveryAttempt,
  MediaFile,
  MediaMetaId,
  CampaignRecord,
  CampaignRecipient,
];
