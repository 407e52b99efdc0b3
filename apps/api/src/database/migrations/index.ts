import { ApiKeys1764460800000 } from './1764460800000-ApiKeys.js';
import { Outbox1795997943135 } from './1795997943135-Outbox.js';
import { Webhooks1796000100271 } from './1796000100271-Webhooks.js';
import { Conversations1796002603419 } from './1796002603419-Conversations.js';
import { Templates1796003623954 } from './1796003623954-Templates.js';
import { SendingPolicy1796006521421 } from './1796006521421-SendingPolicy.js';
import { Metrics1796006568460 } from './1796006568460-Metrics.js';
import { DropNumberQueueIndex1796010519743 } from './1796010519743-DropNumberQueueIndex.js';
import { WebhookBodyLz41796012000000 } from './1796012000000-WebhookBodyLz4.js';
import { DeliveredStatusIndex1796018750063 } from './1796018750063-DeliveredStatusIndex.js';
import { RetainIndexFinishedOnly1796132767356 } from './1796132767356-RetainIndexFinishedOnly.js';
import { RecipientQueuedIndex1796137354736 } from './1796137354736-RecipientQueuedIndex.js';
import { StaffSessionsAudit1796160264053 } from './1796160264053-StaffSessionsAudit.js';
import { ConversationNotes1796161590317 } from './1796161590317-ConversationNotes.js';
import { NumberProfiles1796167110698 } from './1796167110698-NumberProfiles.js';
import { MessageCampaign1796190768665 } from './1796190768665-MessageCampaign.js';
import { IntegratorEvents1796190957517 } from './1796190957517-IntegratorEvents.js';
import { IntegratorEventTriggers1796191000000 } from './1796191000000-IntegratorEventTriggers.js';
import { IntegratorPoisonWebhookEvents1796200000001 } from './1796200000001-IntegratorPoisonWebhookEvents.js';
import { IntegratorWorkItemEvents1796200000000 } from './1796200000000-IntegratorWorkItemEvents.js';
import { InviteUsedAt1796210000000 } from './1796210000000-InviteUsedAt.js';
import { ApiKeyExpiry1796210000001 } from './1796210000001-ApiKeyExpiry.js';
import { ApiKeyIntegration1796210000002 } from './1796210000002-ApiKeyIntegration.js';
import { ApiKeyLimits1796220000000 } from './1796220000000-ApiKeyLimits.js';
import { Snippets1796230000000 } from './1796230000000-Snippets.js';
import { MediaFiles1796240000000 } from './1796240000000-MediaFiles.js';
import { StaffNotificationSettings1796240200000 } from './1796240200000-StaffNotificationSettings.js';
import { StaffAvailability1796250100000 } from './1796250100000-StaffAvailability.js';
import { MarketingOptOut1796194316141 } from './1796194316141-MarketingOptOut.js';
import { ConversationReadMark1796240300000 } from './1796240300000-ConversationReadMark.js';
import { MessageEchoes1796240300001 } from './1796240300001-MessageEchoes.js';
import { LabelsAndSnooze1796250000000 } from './1796250000000-LabelsAndSnooze.js';

/** Every migration in order. Never edit one that has landed: add a new one (tools/generate-migration.mjs). */
export const MIGRATIONS = [ApiKeys1764460800000, Outbox1795997943135, Webhooks1796000100271, Conversations1796002603419, Templates1796003623954, SendingPolicy1796006521421, Metrics1796006568460, DropNumberQueueIndex1796010519743, WebhookBodyLz41796012000000, DeliveredStatusIndex1796018750063, RetainIndexFinishedOnly1796132767356, RecipientQueuedIndex1796137354736, StaffSessionsAudit1796160264053, ConversationNotes1796161590317, NumberProfiles1796167110698, MessageCampaign1796190768665, IntegratorEvents1796190957517, IntegratorEventTriggers1796191000000, MarketingOptOut1796194316141, IntegratorWorkItemEvents1796200000000, IntegratorPoisonWebhookEvents1796200000001, InviteUsedAt1796210000000, ApiKeyExpiry1796210000001, ApiKeyIntegration1796210000002, ApiKeyLimits1796220000000, Snippets1796230000000, MediaFiles1796240000000, StaffNotificationSettings1796240200000, ConversationReadMark1796240300000, MessageEchoes1796240300001, LabelsAndSnooze1796250000000, StaffAvailability1796250100000, Teams1796250200000];
import { Teams1796250200000 } from './1796250200000-Teams.js';

/** Every migration in order. Never edit one that has landed: add a new one (tools/generate-migration.mjs). */
