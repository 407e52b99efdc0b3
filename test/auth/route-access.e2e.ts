import request from 'supertest';
import { signBody } from '@sendbook/whatsapp';
import { operationsOf } from '../../apps/api/src/contract/embed-examples.js';
import type { OpenApiDocument } from '../../apps/api/src/contract/openapi-types.js';
import { inbound } from '../conversations/conversation-support.js';
import { messageRequest, startSendbook, templatePayload, type Sendbook } from '../support/sendbook.js';
import { pdfBytes } from '../support/media-files.js';
import { createStaff, signIn } from '../support/staff.js';
import { TEST_SECRETS } from '../support/test-env.js';
import { waitFor } from '../support/wait-for.js';
import { envelope, postWebhook, statusItem } from '../webhooks/webhook-support.js';

/** Who calls: nobody, a staff session of a role, or an API key of a scope. */
type Caller = 'nobody' | 'agent' | 'admin' | 'send' | 'admin_key';
interface Call {
  method: string;
  url: string;
  body?: unknown;
  raw?: { body: string; headers: Record<string, string> };
  /** A multipart upload of one file. */
  file?: { bytes: Buffer; filename: string; contentType: string };
}
type Builder = (w: World) => Promise<Call> | Call;

interface World {
  sb: Sendbook;
  cookies: Record<'agent' | 'admin', string>;
  sendKey: string;
  messageId: string;
  conversationId: string;
  inboundId: string;
  imageId: string;
  staffId: string;
  /** Rows in each state a follow-up needs: failed (resend), held (release), a poison delivery (dismiss). */
  failedId: string;
  heldId: string;
  poisonId: string;
  alertId: () => Promise<string>;
  fresh: () => Promise<{ id: string; cookie: string; password: string }>;
  freshKeyId: () => Promise<string>;
  freshSnippetId: () => Promise<string>;
  freshTeamId: () => Promise<string>;
  /** A template Meta (the simulator) rejected: editable and deletable. */
  rejectedTemplateId: () => Promise<string>;
  /** A file uploaded by the admin key. */
  uploadId: () => Promise<string>;
  /** A new event endpoint, and one with a pending delivery (disabled, so no worker takes it meanwhile). */
  eventEndpointId: () => Promise<string>;
  eventDelivery: () => Promise<{ endpointId: string; deliveryId: string }>;
  inviteToken: () => Promise<string>;
}

/** A campaign body with a fresh name: one recipient of the simulator's hello_world. */
const matrixCampaign = () => ({
  name: `matrix-${Date.now()}-${Math.random()}`,
  template: { name: 'hello_world', language: 'en_US' },
  recipients: [{ to: '+972501234567', variables: [] }],
});

/** A new campaign made by the admin key, for the routes on one. */
async function campaignOf(w: World): Promise<string> {
  return (await w.sb.api().post('/v1/campaigns').send(matrixCampaign()).expect(202)).body.campaign.id as string;
}

/**
 * A request that succeeds for each operation, given the right caller. Every operation of the
 * committed document must have one, so a new route cannot be left out of this matrix.
 */
const BUILDERS: Record<string, Builder> = {
  getOpenApiDocument: () => ({ method: 'GET', url: '/openapi.json' }),
  getDocsPage: () => ({ method: 'GET', url: '/docs' }),
  getDocsAsset: () => ({ method: 'GET', url: '/docs/assets/swagger-ui.css' }),
  healthz: () => ({ method: 'GET', url: '/healthz' }),
  readyz: () => ({ method: 'GET', url: '/readyz' }),
  getPrometheusMetrics: () => ({ method: 'GET', url: '/metrics' }),
  verifyWebhook: () => ({ method: 'GET', url: `/webhooks/whatsapp?hub.mode=subscribe&hub.challenge=42&hub.verify_token=${TEST_SECRETS.verifyToken}` }),
  receiveWebhook: () => {
    const body = envelope({ statuses: [statusItem({ wamid: 'wamid.ACCESS', status: 'delivered', timestamp: 1767258000 })] });
    return {
      method: 'POST',
      url: '/webhooks/whatsapp',
      raw: { body, headers: { 'content-type': 'application/json', 'x-hub-signature-256': signBody(Buffer.from(body), TEST_SECRETS.appSecret) } },
    };
  },
  login: async (w) => {
    const member = await createStaff(w.sb, 'agent');
    return { method: 'POST', url: '/v1/auth/login', body: { email: member.email, password: member.password } };
  },
  getInvite: async (w) => ({ method: 'GET', url: `/v1/auth/invites/${await w.inviteToken()}` }),
  acceptInvite: async (w) => ({ method: 'POST', url: `/v1/auth/invites/${await w.inviteToken()}`, body: { password: 'a brand new password' } }),
  logout: () => ({ method: 'POST', url: '/v1/auth/logout' }),
  me: () => ({ method: 'GET', url: '/v1/auth/me' }),
  updateMe: () => ({ method: 'PATCH', url: '/v1/auth/me', body: { name: 'Renamed Agent' } }),
  changePassword: () => ({ method: 'POST', url: '/v1/auth/password', body: { current_password: 'not yours', new_password: 'another long password' } }),
  listStaff: () => ({ method: 'GET', url: '/v1/staff' }),
  listTeam: () => ({ method: 'GET', url: '/v1/team' }),
  createStaff: () => ({ method: 'POST', url: '/v1/staff', body: { email: `made.${Date.now()}@shop.example`, name: 'Made', role: 'agent' } }),
  getStaff: (w) => ({ method: 'GET', url: `/v1/staff/${w.staffId}` }),
  updateStaff: (w) => ({ method: 'PATCH', url: `/v1/staff/${w.staffId}`, body: { name: 'Renamed' } }),
  resetStaffPassword: (w) => ({ method: 'POST', url: `/v1/staff/${w.staffId}/reset-password` }),
  listApiKeys: () => ({ method: 'GET', url: '/v1/api-keys' }),
  getBackgroundWork: () => ({ method: 'GET', url: '/v1/system/jobs' }),
  listSnippets: () => ({ method: 'GET', url: '/v1/snippets' }),
  createSnippet: () => ({ method: 'POST', url: '/v1/snippets', body: { title: `matrix ${Math.random()}`, text: 'Hello {{contact.name}}' } }),
  updateSnippet: async (w) => ({ method: 'PATCH', url: `/v1/snippets/${await w.freshSnippetId()}`, body: { text: 'Hi' } }),
  deleteSnippet: async (w) => ({ method: 'DELETE', url: `/v1/snippets/${await w.freshSnippetId()}` }),
  listTeams: () => ({ method: 'GET', url: '/v1/teams' }),
  getTeam: async (w) => ({ method: 'GET', url: `/v1/teams/${await w.freshTeamId()}` }),
  createTeam: () => ({ method: 'POST', url: '/v1/teams', body: { name: `matrix ${Math.random()}`, assignment: { mode: 'manual', max_open: 3 } } }),
  updateTeam: async (w) => ({ method: 'PATCH', url: `/v1/teams/${await w.freshTeamId()}`, body: { targets: { first_response_seconds: 600 } } }),
  deleteTeam: async (w) => ({ method: 'DELETE', url: `/v1/teams/${await w.freshTeamId()}` }),
  createApiKey: () => ({ method: 'POST', url: '/v1/api-keys', body: { name: 'matrix', scopes: ['send'] } }),
  revokeApiKey: async (w) => ({ method: 'POST', url: `/v1/api-keys/${await w.freshKeyId()}/revoke` }),
  updateApiKeyLimits: async (w) => ({ method: 'PATCH', url: `/v1/api-keys/${await w.freshKeyId()}`, body: { rate_per_minute: 60 } }),
  listEventEndpoints: () => ({ method: 'GET', url: '/v1/event-endpoints' }),
  createEventEndpoint: () => ({ method: 'POST', url: '/v1/event-endpoints', body: { url: 'http://127.0.0.1:9/matrix', events: ['work_item.opened'] } }),
  updateEventEndpoint: async (w) => ({ method: 'PATCH', url: `/v1/event-endpoints/${await w.eventEndpointId()}`, body: { enabled: false } }),
  deleteEventEndpoint: async (w) => ({ method: 'DELETE', url: `/v1/event-endpoints/${await w.eventEndpointId()}` }),
  rotateEventEndpointSecret: async (w) => ({
    method: 'POST',
    url: `/v1/event-endpoints/${await w.eventEndpointId()}/rotate-secret`,
    body: { keep_old_for_hours: 1 },
  }),
  listEventDeliveries: async (w) => ({ method: 'GET', url: `/v1/event-endpoints/${await w.eventEndpointId()}/deliveries` }),
  replayEventDelivery: async (w) => {
    const { endpointId, deliveryId } = await w.eventDelivery();
    return { method: 'POST', url: `/v1/event-endpoints/${endpointId}/deliveries/${deliveryId}/replay` };
  },
  recoverEventEndpoint: async (w) => ({
    method: 'POST',
    url: `/v1/event-endpoints/${await w.eventEndpointId()}/recover`,
    body: { since: new Date(Date.now() - 60_000).toISOString() },
  }),
  createMessage: () => ({ method: 'POST', url: '/v1/messages', body: messageRequest({ dedupe_key: `matrix-${Date.now()}-${Math.random()}` }) }),
  createMessageBatch: () => ({
    method: 'POST',
    url: '/v1/messages/batch',
    body: { messages: [messageRequest({ dedupe_key: `matrix-batch-${Date.now()}-${Math.random()}` })] },
  }),
  listMessages: () => ({ method: 'GET', url: '/v1/messages' }),
  exportMessages: () => ({ method: 'GET', url: `/v1/messages/export?since=2026-01-01T00:00:00Z&until=${new Date(Date.now() + 60_000).toISOString()}` }),
  exportInbound: () => ({
    method: 'GET',
    url: `/v1/inbound/export?since=2026-01-01T00:00:00Z&until=${new Date(Date.now() + 60_000).toISOString()}&format=csv`,
  }),
  listCampaigns: () => ({ method: 'GET', url: '/v1/campaigns' }),
  getCampaign: async (w) => {
    // A send-only key sees the campaigns of its own messages: it enqueues one first (once: the key is fixed).
    const mine = await request(w.sb.url)
      .post('/v1/messages')
      .set('Authorization', `Bearer ${w.sendKey}`)
      .send(messageRequest({ dedupe_key: 'matrix-campaign', campaign: 'matrix' }));
    if (mine.status !== 201 && mine.status !== 200) throw new Error(`enqueueing the matrix campaign's message: ${mine.status}`);
    return { method: 'GET', url: '/v1/campaigns/matrix' };
  },
  createCampaign: () => ({ method: 'POST', url: '/v1/campaigns', body: matrixCampaign() }),
  previewCampaign: () => ({ method: 'POST', url: '/v1/campaigns/preview', body: matrixCampaign() }),
  listCampaignRuns: () => ({ method: 'GET', url: '/v1/campaigns/runs' }),
  getCampaignRun: async (w) => ({ method: 'GET', url: `/v1/campaigns/${await campaignOf(w)}/run` }),
  getCampaignTimeline: async (w) => ({ method: 'GET', url: `/v1/campaigns/${await campaignOf(w)}/timeline` }),
  exportCampaign: async (w) => ({ method: 'GET', url: `/v1/campaigns/${await campaignOf(w)}/export` }),
  pauseCampaign: async (w) => ({ method: 'POST', url: `/v1/campaigns/${await campaignOf(w)}/pause` }),
  resumeCampaign: async (w) => {
    const id = await campaignOf(w);
    await w.sb.api().post(`/v1/campaigns/${id}/pause`).expect(200);
    return { method: 'POST', url: `/v1/campaigns/${id}/resume` };
  },
  cancelCampaign: async (w) => ({ method: 'POST', url: `/v1/campaigns/${await campaignOf(w)}/cancel` }),
  getMessage: (w) => ({ method: 'GET', url: `/v1/messages/${w.messageId}` }),
  getMessageHistory: (w) => ({ method: 'GET', url: `/v1/messages/${w.messageId}/history` }),
  getMessageStatuses: (w) => ({ method: 'GET', url: `/v1/messages/${w.messageId}/statuses` }),
  resendMessage: (w) => ({ method: 'POST', url: `/v1/messages/${w.failedId}/resend`, body: { note: 'matrix' } }),
  releaseMessage: (w) => ({ method: 'POST', url: `/v1/messages/${w.heldId}/release`, body: { template: templatePayload().template } }),
  resolveMessage: async (w) => {
    const later = await w.sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ dedupe_key: `matrix-later-${Date.now()}`, not_before: new Date(Date.now() + 86_400_000).toISOString() }))
      .expect(201);
    return { method: 'POST', url: `/v1/messages/${later.body.message.id}/resolve`, body: { action: 'cancel' } };
  },
  cancelMessage: async (w) => {
    const later = await w.sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ dedupe_key: `matrix-cancel-${Date.now()}-${Math.random()}`, not_before: new Date(Date.now() + 86_400_000).toISOString() }))
      .expect(201);
    return { method: 'POST', url: `/v1/messages/${later.body.message.id}/cancel` };
  },
  cancelMessageByKey: async (w) => {
    const key = `matrix-cancel-key-${Date.now()}-${Math.random()}`;
    await w.sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ dedupe_key: key, not_before: new Date(Date.now() + 86_400_000).toISOString() }))
      .expect(201);
    return { method: 'POST', url: '/v1/messages/cancel', body: { dedupe_key: key } };
  },
  listConversations: () => ({ method: 'GET', url: '/v1/conversations' }),
  countConversations: () => ({ method: 'GET', url: '/v1/conversations/counts' }),
  listConversationLabels: () => ({ method: 'GET', url: '/v1/conversations/labels' }),
  replaceConversationLabels: (w) => ({ method: 'PUT', url: `/v1/conversations/${w.conversationId}/labels`, body: { labels: ['matrix'] } }),
  snoozeConversation: (w) => ({ method: 'POST', url: `/v1/conversations/${w.conversationId}/snooze`, body: { until: 'customer_reply' } }),
  wakeConversation: (w) => ({ method: 'DELETE', url: `/v1/conversations/${w.conversationId}/snooze` }),
  getConversationTimeline: (w) => ({ method: 'GET', url: `/v1/conversations/${w.conversationId}/timeline` }),
  addConversationNote: (w) => ({ method: 'POST', url: `/v1/conversations/${w.conversationId}/notes`, body: { text: 'a note' } }),
  openConversation: () => ({ method: 'POST', url: '/v1/conversations', body: { to: '+16505550299' } }),
  getConversation: (w) => ({ method: 'GET', url: `/v1/conversations/${w.conversationId}` }),
  getConversationHistory: (w) => ({ method: 'GET', url: `/v1/conversations/${w.conversationId}/history` }),
  updateConversation: (w) => ({ method: 'PATCH', url: `/v1/conversations/${w.conversationId}`, body: { state: 'open' } }),
  markConversationSeen: (w) => ({ method: 'POST', url: `/v1/conversations/${w.conversationId}/seen` }),
  showTyping: (w) => ({ method: 'POST', url: `/v1/conversations/${w.conversationId}/typing` }),
  viewConversation: (w) => ({ method: 'POST', url: `/v1/conversations/${w.conversationId}/viewing`, body: {} }),
  leaveConversation: (w) => ({ method: 'DELETE', url: `/v1/conversations/${w.conversationId}/viewing` }),
  reactInConversation: (w) => ({
    method: 'POST',
    url: `/v1/conversations/${w.conversationId}/reactions`,
    body: { message_id: w.inboundId, emoji: '👍', client_request_id: `matrix-${Date.now()}-${Math.random().toString(36).slice(2)}` },
  }),
  replyInConversation: (w) => ({
    method: 'POST',
    url: `/v1/conversations/${w.conversationId}/replies`,
    body: { text: 'On its way.', client_request_id: `matrix-${Date.now()}` },
  }),
  search: () => ({ method: 'GET', url: '/v1/search?q=hello' }),
  getAgentReport: () => ({ method: 'GET', url: '/v1/reports/agents' }),
  getTeamReport: () => ({ method: 'GET', url: '/v1/reports/teams' }),
  listInbound: () => ({ method: 'GET', url: '/v1/inbound' }),
  getInbound: (w) => ({ method: 'GET', url: `/v1/inbound/${w.inboundId}` }),
  getInboundMedia: (w) => ({ method: 'GET', url: `/v1/inbound/${w.imageId}/media` }),
  uploadFile: () => ({ method: 'POST', url: '/v1/uploads', file: { bytes: pdfBytes(), filename: 'matrix.pdf', contentType: 'application/pdf' } }),
  getUploadLimits: () => ({ method: 'GET', url: '/v1/uploads/limits' }),
  downloadKeptFile: async (w) => ({ method: 'GET', url: `/v1/media/${await w.uploadId()}` }),
  getInboundHistory: (w) => ({ method: 'GET', url: `/v1/inbound/${w.inboundId}/history` }),
  getAttributionCandidates: (w) => ({ method: 'GET', url: `/v1/inbound/${w.inboundId}/candidates` }),
  attributeInbound: (w) => ({ method: 'POST', url: `/v1/inbound/${w.inboundId}/attribute`, body: { conversation_id: w.conversationId } }),
  listTemplates: () => ({ method: 'GET', url: '/v1/templates' }),
  syncTemplates: () => ({ method: 'POST', url: '/v1/templates/sync' }),
  renderTemplate: () => ({ method: 'POST', url: '/v1/templates/render', body: { template: templatePayload().template } }),
  createTemplate: () => ({
    method: 'POST',
    url: '/v1/templates',
    body: templateDraft(`matrix_${Math.random().toString().slice(2, 10)}`, 'Hi {{1}}, your order is ready.'),
  }),
  editTemplate: async (w) => ({
    method: 'PATCH',
    url: `/v1/templates/${await w.rejectedTemplateId()}`,
    body: { components: templateDraft('x', 'Hi {{1}}, your order is ready now.').components },
  }),
  deleteTemplate: async (w) => ({ method: 'DELETE', url: `/v1/templates/${await w.rejectedTemplateId()}` }),
  checkTemplate: () => ({ method: 'POST', url: '/v1/templates/check', body: { template: templatePayload().template } }),
  listWorkItems: () => ({ method: 'GET', url: '/v1/work-items?kind=stuck_sending' }),
  countWorkItems: () => ({ method: 'GET', url: '/v1/work-items/counts' }),
  dismissWorkItem: (w) => ({ method: 'POST', url: `/v1/work-items/poison_webhook/${w.poisonId}/dismiss`, body: { note: 'matrix' } }),
  bulkWorkItems: () => ({ method: 'POST', url: '/v1/work-items/stuck_sending/bulk', body: { action: 'cancel', dry_run: true } }),
  resolveAlert: async (w) => ({ method: 'POST', url: `/v1/alerts/${await w.alertId()}/resolve`, body: {} }),
  listNumbers: () => ({ method: 'GET', url: '/v1/numbers' }),
  syncNumberProfiles: () => ({ method: 'POST', url: '/v1/numbers/sync' }),
  listPauses: () => ({ method: 'GET', url: '/v1/pauses' }),
  pauseNumber: () => ({ method: 'POST', url: `/v1/numbers/${TEST_SECRETS.phoneNumberId}/pause`, body: { note: 'matrix' } }),
  resumeNumber: () => ({ method: 'POST', url: `/v1/numbers/${TEST_SECRETS.phoneNumberId}/resume` }),
  replayWebhooks: async (w) => {
    const [delivery] = await w.sb.dataSource.query(`SELECT id FROM webhook_deliveries LIMIT 1`);
    return { method: 'POST', url: '/v1/webhooks/replay', body: { ids: [delivery.id] } };
  },
  getWebhookDelivery: (w) => ({ method: 'GET', url: `/v1/webhooks/deliveries/${w.poisonId}` }),
  getMetrics: () => ({ method: 'GET', url: '/v1/metrics' }),
  streamEvents: () => ({ method: 'GET', url: '/v1/events' }),
};

/** The least privileged caller the operation's access rule lets in. */
function rightCaller(access: readonly string[]): Caller {
  if (access.includes('public')) return 'nobody';
  if (access.includes('session') || access.includes('agent')) return 'agent';
  if (access.includes('send')) return 'send';
  return 'admin';
}

describe('every route in the OpenAPI document answers its access rule', () => {
  let sb: Sendbook;
  let w: World;
  let doc: OpenApiDocument;

  beforeAll(async () => {
    // Event endpoints on a closed local port: registered without DNS, refused fast if delivered to.
    sb = await startSendbook({ sim: { templateReviewMs: 100 }, app: { env: { EVENT_ENDPOINTS_ALLOW_PRIVATE: 'true' } } });
    doc = (await (await fetch(`${sb.url}/openapi.json`)).json()) as OpenApiDocument;
    const agent = await createStaff(sb, 'agent');
    const admin = await createStaff(sb, 'admin');
    const sendKey = (
      await sb
        .api()
        .post('/v1/api-keys')
        .send({ name: 'orders', scopes: ['send'] })
        .expect(201)
    ).body.key as string;
    const message = await sb
      .api()
      .post('/v1/messages')
      .send(messageRequest({ dedupe_key: 'matrix-base' }))
      .expect(201);
    const hello = await inbound(sb, sb.sim.customer('16505550210', { name: 'Rae' }).sendText('hello'));
    const image = await inbound(sb, sb.sim.customer('16505550210').sendImage('the receipt'));
    const member = await createStaff(sb, 'agent');
    sb.sim.customer('16505550211', { failWith: 131026 });
    const failed = (
      await sb
        .api()
        .post('/v1/messages')
        .send(messageRequest({ dedupe_key: 'matrix-failed', to: '+16505550211' }))
        .expect(201)
    ).body.message.id as string;
    const held = (
      await sb
        .api()
        .post('/v1/messages')
        .send({ dedupe_key: 'matrix-held', to: '+16505550212', purpose: 'note', payload: { type: 'text', text: { body: 'no window' } } })
        .expect(201)
    ).body.message.id as string;
    await postWebhook(sb.url, '{"not": "an envelope"');
    const stateOf = async (id: string) => (await sb.api().get(`/v1/messages/${id}`)).body.message.state;
    await waitFor(async () => (await stateOf(failed)) === 'failed' && (await stateOf(held)) === 'held', { what: 'a failed and a held row' });
    await waitFor(async () => (await sb.dataSource.query(`SELECT 1 FROM webhook_deliveries WHERE state = 'poison'`)).length === 1, {
      what: 'a poison delivery',
    });
    const [poison] = await sb.dataSource.query(`SELECT id FROM webhook_deliveries WHERE state = 'poison'`);
    w = {
      sb,
      cookies: { agent: await signIn(sb, agent), admin: await signIn(sb, admin) },
      sendKey,
      messageId: message.body.message.id,
      conversationId: hello.conversation_id as string,
      inboundId: hello.id as string,
      imageId: image.id as string,
      staffId: member.id,
      failedId: failed,
      heldId: held,
      poisonId: poison.id,
      alertId: async () =>
        (
          await sb.app
            .get((await import('../../apps/api/src/modules/alerts/alerts.service.js')).AlertsService)
            .raise({ source: 'test', key: `matrix.${Date.now()}.${Math.random()}`, title: 'matrix', details: {} })
        ).alert.id,
      fresh: async () => {
        const s = await createStaff(sb, 'agent');
        return { id: s.id, cookie: await signIn(sb, s), password: s.password };
      },
      freshKeyId: async () =>
        (
          await sb
            .api()
            .post('/v1/api-keys')
            .send({ name: 'to revoke', scopes: ['send'] })
            .expect(201)
        ).body.api_key.id,
      uploadId: async () =>
        (await sb.api().post('/v1/uploads').attach('file', pdfBytes(), { filename: 'matrix.pdf', contentType: 'application/pdf' }).expect(201)).body
          .upload_id as string,
      freshSnippetId: async () =>
        (
          await sb
            .api()
            .post('/v1/snippets')
            .send({ title: `to change ${Math.random()}`, text: 'Hello' })
            .expect(201)
        ).body.snippet.id,
      rejectedTemplateId: async () => {
        const name = `matrix_${Math.random().toString().slice(2, 10)}`;
        const made = await sb.api().post('/v1/templates').send(templateDraft(name, 'Hi {{1}}{{2}}, your order is ready.')).expect(201);
        await waitFor(async () => (await sb.api().get(`/v1/templates?name=${name}`)).body.data[0]?.status === 'REJECTED', { what: `${name} rejected` });
        return made.body.template.id;
      },
      freshTeamId: async () =>
        (
          await sb
            .api()
            .post('/v1/teams')
            .send({ name: `to change ${Math.random()}` })
            .expect(201)
        ).body.team.id,
      eventEndpointId: async () =>
        (
          await sb
            .api()
            .post('/v1/event-endpoints')
            .send({ url: 'http://127.0.0.1:9/matrix', events: ['message.state_changed'] })
            .expect(201)
        ).body.endpoint.id,
      eventDelivery: async () => {
        const endpointId = (await w.eventEndpointId()) as string;
        await request(sb.url)
          .patch(`/v1/event-endpoints/${endpointId}`)
          .set('Authorization', `Bearer ${TEST_SECRETS.apiKey}`)
          .send({ enabled: false })
          .expect(200);
        const since = new Date(Date.now() - 1_000).toISOString();
        await sb
          .api()
          .post('/v1/messages')
          .send(messageRequest({ dedupe_key: `matrix-event-${Date.now()}-${Math.random()}` }))
          .expect(201);
        await sb.api().post(`/v1/event-endpoints/${endpointId}/recover`).send({ since }).expect(200);
        const [delivery] = await sb.dataSource.query(`SELECT id FROM event_deliveries WHERE endpoint_id = $1 LIMIT 1`, [endpointId]);
        return { endpointId, deliveryId: delivery.id as string };
      },
      inviteToken: async () => {
        const res = await sb
          .api()
          .post('/v1/staff')
          .send({ email: `invited.${Date.now()}.${Math.random()}@shop.example`, name: 'Invited', role: 'agent' })
          .expect(201);
        return String(res.body.invite_url).split('/invite/')[1]!;
      },
    };
  });
  afterAll(async () => {
    await sb?.close();
  });

  const send = async (call: Call, caller: Caller, cookieOverride?: string): Promise<number> => {
    const agent = request(sb.url);
    const verb = call.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete';
    let t = agent[verb](call.url);
    if (caller === 'agent' || caller === 'admin') t = t.set('Cookie', cookieOverride ?? w.cookies[caller]).set('Origin', sb.url);
    if (caller === 'send') t = t.set('Authorization', `Bearer ${w.sendKey}`);
    if (caller === 'admin_key') t = t.set('Authorization', `Bearer ${TEST_SECRETS.apiKey}`);
    if (call.url === '/v1/events') {
      // A stream stays open: the status line is the answer.
      const controller = new AbortController();
      const headers: Record<string, string> = {};
      if (caller === 'agent' || caller === 'admin') Object.assign(headers, { cookie: cookieOverride ?? w.cookies[caller] });
      if (caller === 'send') headers.authorization = `Bearer ${w.sendKey}`;
      const res = await fetch(`${sb.url}${call.url}`, { headers, signal: controller.signal });
      controller.abort();
      return res.status;
    }
    if (call.raw) return (await t.set(call.raw.headers).send(call.raw.body)).status;
    if (call.file) return (await t.attach('file', call.file.bytes, { filename: call.file.filename, contentType: call.file.contentType })).status;
    return (await (call.body === undefined ? t : t.send(call.body as object))).status;
  };

  it('has a request for every operation, and no request for an operation that is gone', () => {
    const ids = [...operationsOf(doc).keys()].sort();
    expect(ids.filter((id) => !BUILDERS[id])).toEqual([]);
    expect(Object.keys(BUILDERS).filter((id) => !ids.includes(id))).toEqual([]);
  });

  it('without credentials: 401 for everything that is not public', async () => {
    const wrong: string[] = [];
    for (const [id, { operation }] of operationsOf(doc)) {
      if (operation['x-access'].includes('public')) continue;
      const status = await send(await BUILDERS[id]!(w), 'nobody');
      if (status !== 401) wrong.push(`${id}: ${status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('with an agent session: 403 where only admins (or integrators) may; a send-only key: 403 on staff routes', async () => {
    const wrong: string[] = [];
    for (const [id, { operation }] of operationsOf(doc)) {
      const access = operation['x-access'];
      if (access.includes('public')) continue;
      const call = await BUILDERS[id]!(w);
      if (!access.includes('agent') && !access.includes('session')) {
        const status = await send(call, 'agent');
        if (status !== 403) wrong.push(`${id} as agent: ${status}`);
      }
      if (!access.includes('send')) {
        const status = await send(call, 'send');
        if (status !== 403) wrong.push(`${id} as send-only key: ${status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('with the right credentials: 2xx', async () => {
    const wrong: string[] = [];
    for (const [id, { operation }] of operationsOf(doc)) {
      const caller = rightCaller(operation['x-access']);
      // A session that signs out, or changes its own name or password, is a fresh one.
      const own = ['logout', 'updateMe', 'changePassword'].includes(id) ? await w.fresh() : undefined;
      const call = await BUILDERS[id]!(w);
      const status = await send(
        id === 'changePassword' ? { ...call, body: { current_password: own!.password, new_password: 'another long password' } } : call,
        caller,
        own?.cookie,
      );
      if (status < 200 || status >= 300) wrong.push(`${id} as ${caller}: ${status}`);
    }
    expect(wrong).toEqual([]);
  });
});

/** A template for Meta's review: a body with its variables' examples. */
function templateDraft(name: string, body: string) {
  const variables = [...body.matchAll(/\{\{\d+\}\}/g)].length;
  return {
    name,
    language: 'en',
    category: 'UTILITY',
    components: [{ type: 'BODY', text: body, example: { body_text: [Array.from({ length: variables }, (_, i) => `value ${i + 1}`)] } }],
  };
}
